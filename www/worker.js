// The bot's thread: its own wasm instance answers one request line per message.
import init, { bot_reply, init_worker, install_othello_weights, last_panic } from './pkg/caro.js';

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

self.onmessage = async (event) => {
  await ready;
  const request = String(event.data);
  if (request.split('\t', 2)[1] === 'othello') await loadOthelloWeights();
  try {
    self.postMessage(bot_reply(request));
  } catch (err) {
    const id = request.split('\t', 1)[0];
    const why = last_panic() || String(err);
    self.postMessage(`${id}\terr\tinternal error in the computer player: ${why}`);
  }
};
