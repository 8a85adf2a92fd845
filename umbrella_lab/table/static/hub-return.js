// A class table on a JupyterHub, after the hub's sign-in: put back the secret this page's link
// carried after "#" (kept by hub-signin.js), before the page's own script reads the address.
(() => {
  const key = "ult-hub-return:" + location.pathname;
  let saved = null;
  try {
    saved = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
  } catch (error) {
    return;
  }
  if (saved && saved.startsWith("#") && !location.hash) {
    history.replaceState(null, "", location.pathname + location.search + saved);
  }
})();
