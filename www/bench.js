// The bench page: the same benchmarks as the command line, in WebAssembly.
import init, {
  bench_caro, bench_othello, install_caro_weights, install_othello_weights, start_bench,
} from './pkg/caro.js';
const out = document.getElementById('result');
const run = (name, f) => new Promise((done) => {
  out.dataset.state = 'running';
  out.textContent += `== ${name}\n(running…)\n`;
  // Let the page paint before the engine takes the thread.
  setTimeout(() => {
    let text;
    try { text = f(); } catch (e) { text = `error: ${e}`; }
    out.textContent = out.textContent.replace('(running…)\n', text);
    out.dataset.state = 'done';
    done();
  }, 50);
});
// The evaluation weights are files of their own (see worker.js); natively they are built in,
// so the same nodes are searched only once they are installed here too.
const weights = (file, install) => fetch(`./pkg/${file}`)
  .then((r) => { if (!r.ok) throw new Error(`pkg/${file}: HTTP ${r.status}`); return r.arrayBuffer(); })
  .then((bytes) => install(new Uint8Array(bytes)));
init()
  .then(() => start_bench())
  .then(() => weights('caro-eval.bin', install_caro_weights))
  .then(() => weights('othello-eval.bin', install_othello_weights))
  .then(async () => {
    document.getElementById('run-caro').onclick = () => run('caro bench', () => bench_caro(200000));
    document.getElementById('run-othello').onclick = () => run('othello FFO #40-44', () => bench_othello());
    const params = new URLSearchParams(location.search);
    const which = params.get('run');
    const nodes = Number.parseInt(params.get('nodes') ?? '200000', 10);
    if (!(nodes >= 1 && nodes <= 100000000)) {
      out.textContent = `nodes '${params.get('nodes')}' must be a whole number from 1 to 100000000`;
      out.dataset.finished = 'true';
      return;
    }
    if (which === 'caro' || which === 'all') await run('caro bench', () => bench_caro(nodes));
    if (which === 'othello' || which === 'all') await run('othello FFO #40-44', () => bench_othello());
    out.dataset.finished = 'true';
  }).catch((e) => { out.textContent = `could not load the engines: ${e}`; });
