// A game without its own table yet: its seats, its view as readable data and the choices.
export const words = {
  en: { "generic.note": "This game has no drawn table yet: the choices list above plays it." },
  nl: { "generic.note": "Dit spel heeft nog geen getekende tafel: speel het met de keuzelijst hierboven." },
};

const PALETTE = ["blue", "red", "green", "yellow", "purple"];

export function seats(view) {
  return (view.seat_names || []).map((name, i) => ({
    name,
    colour: (view.seats && view.seats[i] && view.seats[i].colour) || PALETTE[i % PALETTE.length],
  }));
}

function Table({ view, t }) {
  const { last_move, seat_names, ...rest } = view;
  return (
    <div class="panel generic">
      <p class="muted">{t("generic.note")}</p>
      <pre class="view-dump">{JSON.stringify(rest, null, 1)}</pre>
    </div>
  );
}

export default {
  id: "generic",
  prefix: "gx",
  words,
  seats,
  describe: (info) => info.label,
  decision: (view) => view.prompt || view.phase || view.step || "",
  objectless: () => false,
  Table,
};
