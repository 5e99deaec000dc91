// Preloaded (`NODE_OPTIONS=--require …/loopbackOnly.cjs`) into a program the benchmarks run but do
// not own (the Tractor Store blueprint): a server that listens without naming a host listens on
// 127.0.0.1 only, not on every interface of the machine.
const net = require('node:net');

const LOOPBACK = '127.0.0.1';
const listen = net.Server.prototype.listen;

net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first, second] = args;
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    // listen(port[, host][, backlog][, callback])
    if (second === undefined || second === null) args[1] = LOOPBACK;
    else if (typeof second !== 'string') args.splice(1, 0, LOOPBACK);
  } else if (first && typeof first === 'object' && 'port' in first && !first.host) {
    // listen({ port, … }[, callback])
    args[0] = { ...first, host: LOOPBACK };
  }
  return listen.apply(this, args);
};
