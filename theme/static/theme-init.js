// Applies the stored colour mode before first paint (loaded in <head>, only when the switch is enabled).
(function () {
  try {
    var root = document.documentElement;
    var stored = window.localStorage.getItem('theme');
    var system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    var mode = stored === 'dark' || stored === 'light' ? stored : root.getAttribute('data-respect-system') === 'true' ? system : root.getAttribute('data-theme');
    root.setAttribute('data-theme', mode);
  } catch (e) {
    /* storage unavailable: keep the configured default */
  }
})();
