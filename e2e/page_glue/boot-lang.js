// What index.html's inline boot script gives web/shell/boot.js: the language it chose.
window.tapeteBoot = { lang: "en" };
