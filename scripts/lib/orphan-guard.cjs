// Stops a server when the process that started it disappears without stopping it (killed with
// SIGKILL): `node orphan-guard.cjs OWNER_PID SERVER_PID [SIGNAL]`. Polls twice a second; sends
// SIGNAL (default SIGINT) to the server's process group, then SIGKILL after 5 s. Exits as soon
// as the server is gone. Used for PostgreSQL, which has no notion of its parent.
const [owner, server, signal = 'SIGINT'] = process.argv.slice(2);
const alive = (pid) => {
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};
const kill = (sig) => {
  try {
    process.kill(-Number(server), sig);
  } catch {
    try {
      process.kill(Number(server), sig);
    } catch {
      // gone
    }
  }
};
const timer = setInterval(() => {
  if (!alive(server)) process.exit(0);
  if (!alive(owner)) {
    clearInterval(timer);
    kill(signal);
    setTimeout(() => {
      kill('SIGKILL');
      process.exit(0);
    }, 5000);
    setInterval(() => alive(server) || process.exit(0), 100);
  }
}, 500);
