// A class table on a JupyterHub, before the hub's sign-in: the secret of this page's link is
// after "#", which the sign-in's form and redirects lose. Keep it in this tab (sessionStorage,
// this page's path only), then go on to the hub's login; hub-return.js puts it back after.
(() => {
  const login = document.currentScript.dataset.login;
  try {
    if (location.hash) sessionStorage.setItem("ult-hub-return:" + location.pathname, location.hash);
  } catch (error) {
    // storage refused (a private window): the student opens the link again after signing in
  }
  location.replace(login);
})();
