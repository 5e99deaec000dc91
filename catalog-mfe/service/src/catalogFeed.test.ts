// The feed reads a snapshot member by member: whatever the chunks' borders, it must give exactly
// what one JSON.parse of the whole event would, and leave the events after it to the reader.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SnapshotReader, readEvents, startCatalogFeed, type SnapshotSink } from './catalogFeed';
import { CatalogIndex } from './catalogIndex';
import { testProduct } from './testing/testProduct';

const product = testProduct;

/** Members whose text has every character the reader must not take for structure. */
const TRICKY: Record<string, unknown> = {
  plain: product('plain'),
  'quote"key': product('quote"key', { name: 'A "quoted" {name}, [with] commas' }),
  'back\\slash': product('back\\slash', { description: 'ends in a backslash \\' }),
  escapes: product('escapes', { description: '\\"}],{["\\\\', annotation: 'line\nbreak' }),
  unicode: product('unicode', { name: 'Piqué – naïve 👟' }),
  nested: { deep: [{ a: [1, 2, { b: '}' }] }, [], {}], n: null, t: true },
};

function readInPieces(text: string, size: number): { members: [string, unknown][]; rest: string } {
  const members: [string, unknown][] = [];
  let ended = false;
  const sink: SnapshotSink = {
    member: (key, raw) => members.push([key, raw]),
    end: () => {
      ended = true;
    },
  };
  const reader = new SnapshotReader(sink);
  let rest: string | null = null;
  for (let at = 0; at < text.length && rest === null; at += size) {
    rest = reader.feed(text.slice(at, at + size));
    // What follows the end in the same piece is handed back; later pieces were never fed.
    if (rest !== null) rest += text.slice(at + size);
  }
  expect(ended).toBe(rest !== null);
  return { members, rest: rest ?? '' };
}

describe('SnapshotReader', () => {
  // The event's text after `{"path":"/","data":{`, as the database server sends it.
  const event = `${JSON.stringify({ path: '/', data: TRICKY }).slice('{"path":"/","data":{'.length)}`;

  it.each([1, 2, 3, 7, 64, 100_000])(
    'gives every member as JSON.parse would, in pieces of %i characters',
    (size) => {
      const { members, rest } = readInPieces(`${event}\n\nevent: patch`, size);
      expect(Object.fromEntries(members)).toEqual(TRICKY);
      expect(members.map(([key]) => key)).toEqual(Object.keys(TRICKY));
      expect(rest).toBe('\n\nevent: patch');
    },
  );

  it('reads an empty object as no member', () => {
    expect(readInPieces('}}\n\n', 1)).toEqual({ members: [], rest: '\n\n' });
  });

  it('waits for the end while the event goes on', () => {
    const { members, rest } = readInPieces(event.slice(0, -2), 5);
    expect(rest).toBe('');
    expect(members.length).toBe(Object.keys(TRICKY).length - 1);
  });
});

/** A byte stream of `text` in pieces of `size` bytes. */
const streamOf = (text: string, size: number): ReadableStream<Uint8Array> => {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else controller.enqueue(bytes.subarray(at, (at += size)));
    },
  });
};

describe('readEvents', () => {
  const snapshot = { a: product('a'), b: product('b', { name: 'Ends in }}' }) };
  const text =
    `: keep-alive\n\nevent: put\ndata: ${JSON.stringify({ path: '/', data: snapshot })}\n\n` +
    `event: patch\ndata: {"path":"/a","data":{"name":"A"}}\n\nevent: put\ndata: {"path":"/","data":null}\n\n`;

  it.each([1, 5, 64, 10_000])(
    'reads a snapshot member by member, and other events whole, in pieces of %i bytes',
    async (size) => {
      const members: [string, unknown][] = [];
      const seen: string[] = [];
      await readEvents(
        streamOf(text, size),
        (event, data) => seen.push(`${event} ${data}`),
        () => ({
          member: (key, raw) => members.push([key, raw]),
          end: () => seen.push('snapshot end'),
        }),
      );
      // A snapshot that arrives whole in one piece is read as one event: it is small.
      if (size >= text.length) {
        expect(seen[0]).toBe(`put ${JSON.stringify({ path: '/', data: snapshot })}`);
        expect(members).toEqual([]);
      } else {
        expect(Object.fromEntries(members)).toEqual(snapshot);
        expect(seen[0]).toBe('snapshot end');
      }
      expect(seen.slice(1)).toEqual([
        'patch {"path":"/a","data":{"name":"A"}}',
        'put {"path":"/","data":null}',
      ]);
    },
  );
});

describe('the feed over an event stream sent in small pieces', () => {
  let server: Server;
  let feed: ReturnType<typeof startCatalogFeed> | undefined;
  afterEach(async () => {
    feed?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('indexes the snapshot, refuses a malformed record, then applies the patch sent with its end', async () => {
    const catalog = {
      runner: product('runner', { name: 'Road "Runner"', createdAt: 2 }),
      boot: product('boot', { name: 'Suede Boot', createdAt: 1 }),
      broken: { name: 'no price' },
    };
    const stream =
      `: keep-alive\n\nevent: put\ndata: ${JSON.stringify({ path: '/', data: catalog })}\n\n` +
      `event: patch\ndata: ${JSON.stringify({ path: '/boot', data: { discountedPrice: 50 } })}\n\n`;
    server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      // Pieces of 7 bytes: the snapshot's beginning, its members and its end all cross them.
      // One piece per turn of the event loop, so the pieces are not sent as one.
      const bytes = Buffer.from(stream);
      const send = (at: number) => {
        if (at >= bytes.length) return;
        response.write(bytes.subarray(at, at + 7));
        setTimeout(() => send(at + 7), 1);
      };
      send(0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const index = new CatalogIndex();
    const lines: string[] = [];
    feed = startCatalogFeed({
      databaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      index,
      log: (line) => lines.push(line),
    });
    await feed.ready;
    expect(index.size).toBe(2);
    expect(index.product('runner')).toMatchObject({ name: 'Road "Runner"' });
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (index.product('boot')?.discountedPrice === 50) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(index.product('boot')).toMatchObject({ discountedPrice: 50 });
    expect(index.product('broken')).toBeNull();
    expect(lines[0]).toMatch(/^indexed 2 products in \d+ ms$/);
  });
});
