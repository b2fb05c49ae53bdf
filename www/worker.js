// The bot's thread: its own wasm instance answers one request line per message.
import init, { bot_reply, init_worker, last_panic } from './pkg/caro.js';

const ready = init().then(() => init_worker());

self.onmessage = async (event) => {
  await ready;
  const request = String(event.data);
  try {
    self.postMessage(bot_reply(request));
  } catch (err) {
    const id = request.split('\t', 1)[0];
    const why = last_panic() || String(err);
    self.postMessage(`${id}\terr\tinternal error in the computer player: ${why}`);
  }
};
