// The sub-path this table is served under behind a reverse proxy (`contraband serve --root-path
// /games`): the server writes it into index.html as <meta name="contraband-root" content="/games">
// (contraband/server/pages.py; empty at the site's root). Every request, live socket and link
// goes through url(); the paths the API hands out (a seat's link "/table/<id>#token=…") stay
// relative to the root, like the API's own paths, and are prefixed here when shown or followed.

function read() {
  const meta = typeof document === "undefined" ? null : document.querySelector('meta[name="contraband-root"]');
  const text = ((meta && meta.getAttribute("content")) || "").trim().replace(/\/+$/, "");
  // only an absolute path counts, never another origin ("//host", "https://…")
  return /^(\/[^/?#\\\s"'<>]+)+$/.test(text) ? text : "";
}

/** "" at the site's root, else "/games" (no trailing slash). */
export const ROOT = read();

/** A root-relative path ("/api/…", "/table/…", "/") as this page must ask for it; anything that
 * is not such a path (a full URL, "#section") is returned as it is. */
export function url(path) {
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//")) return path;
  return ROOT + path;
}

/** This page's path with the root taken off ("/games/table/x" -> "/table/x"): what the page
 * shows is chosen from it. A path outside the root (the server reached without the proxy) is
 * taken as it is. */
export function route(pathname = location.pathname) {
  if (!ROOT) return pathname;
  if (pathname === ROOT) return "/";
  return pathname.startsWith(`${ROOT}/`) ? pathname.slice(ROOT.length) : pathname;
}
