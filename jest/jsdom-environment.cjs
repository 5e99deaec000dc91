// jsdom lacks several web APIs that Node 20 has (fetch, streams, TextEncoder, structuredClone).
// React Router and Firebase need them, so we lend Node's implementations to the jsdom window.
// Form posts: React Router encodes a form as URLSearchParams, which Node's Request only sends as a
// form when it is Node's own class, so we lend it too. FormData stays jsdom's: it reads a <form>
// (React 19 does `new FormData(form, submitter)`), which Node's cannot.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'URLSearchParams',
  'Blob',
  'File',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
  'BroadcastChannel',
  'MessageChannel',
  'setImmediate',
  'clearImmediate',
];

class ShopJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of NODE_GLOBALS) {
      if (typeof globalThis[name] !== 'undefined') {
        this.global[name] = globalThis[name];
      }
    }
  }
}

module.exports = ShopJsdomEnvironment;
