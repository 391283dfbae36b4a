import { render } from "preact";
import { useMemo, useState } from "preact/hooks";
import "./style.css";
import { I18n, initialLang, storeLang, translator } from "./i18n.js";
import "./turn-words.js";
import "./key-words.js";
import { Lobby } from "./Lobby.jsx";
import { ReplayPage } from "./Replay.jsx";
import { TablePage } from "./Table.jsx";
import { RulesPage } from "./Rules.jsx";
import { MePage } from "./Me.jsx";
import { route } from "./root.js";

function App() {
  const [lang, setLang] = useState(initialLang);
  const t = useMemo(() => translator(lang), [lang]);
  const flip = () => {
    const next = lang === "en" ? "nl" : "en";
    storeLang(next);
    setLang(next);
  };
  const langButton = (
    <button class="lang" data-testid="lang-switch" onClick={flip} lang={lang === "en" ? "nl" : "en"}>
      {lang === "en" ? "NL" : "EN"}
      <span class="sr-only"> {t("lang.switch")}</span>
    </button>
  );
  const path = route(); // the page's path below the table's root (root.js)
  const table = path.match(/^\/table\/([\w-]+)/);
  const replay = path.match(/^\/replay\/([\w-]+)/);
  const rules = path.match(/^\/rules\/([\w-]+)/);
  let page;
  if (table) page = <TablePage id={table[1]} langButton={langButton} />;
  else if (replay) page = <ReplayPage id={replay[1]} langButton={langButton} />;
  else if (rules) page = <RulesPage game={rules[1]} langButton={langButton} />;
  else if (path === "/me" || path === "/me/") page = <MePage langButton={langButton} />;
  else page = <Lobby langButton={langButton} />;
  return <I18n.Provider value={t}>{page}</I18n.Provider>;
}

document.documentElement.lang = initialLang();
render(<App />, document.getElementById("app"));
