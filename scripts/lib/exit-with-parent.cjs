// Preloaded (`node --require`) into the Node servers `npm start` supervises: when the
// supervisor disappears without stopping us (killed with SIGKILL), exit instead of living on
// as an orphan holding the port.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) {
    console.error(`[${process.pid}] supervisor ${parent} is gone; exiting`);
    process.exit(0);
  }
}, 1000).unref();
