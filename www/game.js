// Starts a game page: the wasm, then the start function of the game named by the body's
// data-game (caro, connect4, othello), which lays the page out and plays.
import init, * as app from './pkg/caro.js';

const game = document.body.dataset.game;
init()
  .then(() => app[`start_${game}`]())
  .catch((e) => {
    // The engine could not start (out of memory, say): say so and offer a reload; the game
    // in progress is in the address bar, so a reload brings it back.
    const el = document.getElementById('error');
    el.textContent = `The game could not start: ${e}. `;
    const button = document.createElement('button');
    button.id = 'reload';
    button.type = 'button';
    button.textContent = 'Reload';
    button.addEventListener('click', () => location.reload());
    el.append(button);
    el.hidden = false;
  });
