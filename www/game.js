// Starts a game page: the wasm, then the start function of the game named by the body's
// data-game (caro, connect4, othello), which lays the page out and plays.
import init, * as app from './pkg/caro.js';
import { startText } from './start-text.js';

const game = document.body.dataset.game;
init()
  .then(() => app[`start_${game}`]())
  .catch((e) => {
    // The engine could not start (out of memory, say): say so and offer a reload; the game
    // in progress is in the address bar, so a reload brings it back.
    const words = startText();
    const el = document.getElementById('error');
    el.textContent = `${words.failed}: ${e}. `;
    const button = document.createElement('button');
    button.id = 'reload';
    button.type = 'button';
    button.textContent = words.reload;
    button.addEventListener('click', () => location.reload());
    el.append(button);
    el.hidden = false;
  });
