"""The built-in games, registered lazily so that importing contraband stays fast."""

BUILTIN = {
    "tony-tino": "contraband.games.tony_tino",
    "nacho-incident": "contraband.games.nacho_incident",
    "al-cabohne": "contraband.games.al_cabohne",
    "counterfeiters": "contraband.games.counterfeiters",
    "narcos": "contraband.games.narcos",
}
