// The bot's thread: its own wasm instance answers one request line per message.
import init, {
  bot_reply, init_worker, install_caro_weights, install_othello_weights, last_panic,
} from './pkg/caro.js';

const ready = init().then(() => init_worker());

// Othello Strong's evaluation weights are most of the download and only Othello needs them:
// fetched with the first Othello request. Should the fetch fail, Strong's requests are
// answered with an error saying so (the other levels play on), and the next request tries
// again.
let othelloWeights = null;
const loadOthelloWeights = () => {
  othelloWeights ??= fetch('./pkg/othello-eval.bin')
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then((bytes) => install_othello_weights(new Uint8Array(bytes)))
    .catch((err) => {
      othelloWeights = null;
      console.warn(`could not load the Othello evaluation: ${err}`);
    });
  return othelloWeights;
};

// The Caro engine's trained evaluation (a small file, data/caro/eval.bin) comes the same way,
// with the first Caro request. Without it the engine plays on with its hand-set evaluation.
let caroWeights = null;
const loadCaroWeights = () => {
  caroWeights ??= fetch('./pkg/caro-eval.bin')
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then((bytes) => install_caro_weights(new Uint8Array(bytes)))
    .catch((err) => console.warn(`could not load the Caro evaluation, using the hand-set one: ${err}`));
  return caroWeights;
};

self.onmessage = async (event) => {
  await ready;
  const request = String(event.data);
  const game = request.split('\t', 2)[1];
  if (game === 'othello') await loadOthelloWeights();
  if (game === 'caro') await loadCaroWeights();
  try {
    self.postMessage(bot_reply(request));
  } catch (err) {
    const id = request.split('\t', 1)[0];
    const why = last_panic() || String(err);
    self.postMessage(`${id}\terr\tinternal error in the computer player: ${why}`);
  }
};
