// Runs the built server in this process (plain node, as in production) and reports its memory to the parent every 200 ms.
setInterval(() => process.send?.(process.memoryUsage()), 200).unref();
await import('../apps/server/dist/main.js');
