// Asks GET /api/health every 50 ms from its own process (the bench's event loop is busy sending files) and, when
// told to stop, reports each answer's time in milliseconds to the parent.
const base = process.argv[2];
const times = [];
let running = true;
process.on('message', () => {
  // told to stop
  running = false;
});
while (running) {
  const started = performance.now();
  await (await fetch(`${base}/api/health`)).arrayBuffer();
  times.push(performance.now() - started);
  if (times.length === 1) process.send('ready');
  await new Promise((r) => setTimeout(r, 50));
}
process.send(times, () => process.exit(0));
