// Starts the home page: the wasm, then its start function, which fills in the form.
import init, { start_home } from './pkg/caro.js';
import { startText } from './start-text.js';

init().then(() => start_home()).catch((e) => {
  const el = document.getElementById('error');
  el.textContent = `${startText().failed}: ${e}`;
  el.hidden = false;
});
