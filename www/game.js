// Starts a game page: the wasm, then the start function of the game named by the body's
// data-game (caro, connect4, othello), which lays the page out and plays.
import init, * as app from './pkg/caro.js';

const game = document.body.dataset.game;
init()
  .then(() => app[`start_${game}`]())
  .catch((e) => {
    const el = document.getElementById('error');
    el.textContent = `The game could not start: ${e}. Reload the page to try again.`;
    el.hidden = false;
  });
