// A stand-in for web/shell/sound.js: records the sounds page.js plays.
(function () {
  "use strict";
  const played = [];
  window.tapeteSound = {
    played,
    play(name, delay) {
      played.push([name, delay]);
    },
  };
})();
