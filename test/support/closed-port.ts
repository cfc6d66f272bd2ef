import { connect } from 'node:net';

// Below the kernel's ephemeral range (32768 and up by default): no listen(0) of a parallel test
// can be handed one of these while a test counts on it staying closed.
const LOW = 20_000;
const HIGH = 32_000;

/** `count` local ports that refuse connections now, outside the range servers listening on port 0 are given. */
export async function closedPorts(count: number): Promise<number[]> {
  const found: number[] = [];
  while (found.length < count) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (!found.includes(port) && (await refuses(port))) found.push(port);
  }
  return found;
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
