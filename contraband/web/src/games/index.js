// Each game's table module, by game id; a plain fallback for a game without its own table yet.
import { addWords } from "../i18n.js";
import tt from "./tt.jsx";
import ac from "./ac.jsx";
import ni from "./ni.jsx";
import cf from "./cf.jsx";
import nc from "./nc.jsx";
import generic from "./generic.jsx";

const MODULES = [tt, ac, ni, cf, nc];
const BY_ID = {};
for (const m of MODULES) {
  BY_ID[m.id] = m;
  if (m.words) addWords(m.words);
}
if (generic.words) addWords(generic.words);

export function gameModule(id) {
  return BY_ID[id] || generic;
}
