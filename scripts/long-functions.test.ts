// The long-function finder of `npm run lint:functions` (scripts/long-functions.ts).
import { longFunctionsIn } from './long-functions';

const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`);

it('finds declarations, arrows and methods longer than the limit, counting first to last line', () => {
  const text = [
    'export function long() {', // 1 + 3 + 1 = 5 lines
    ...body(3),
    '}',
    'const arrow = () => {', // 5 lines
    ...body(3),
    '};',
    'class C {',
    '  method() {', // 4 lines
    ...body(2),
    '  }',
    '}',
    'function short() {', // 3 lines
    ...body(1),
    '}',
  ].join('\n');
  expect(longFunctionsIn('x.ts', text, 4)).toEqual([
    { file: 'x.ts', line: 1, name: 'long', lines: 5 },
    { file: 'x.ts', line: 6, name: 'arrow', lines: 5 },
  ]);
  expect(longFunctionsIn('x.ts', text, 3).map((f) => f.name)).toEqual(['long', 'arrow', 'method']);
});

it('reads TSX and names a callback by the call it is given to', () => {
  const text = ['items.map((item) => {', ...body(4), '  return <li>{item}</li>;', '});'].join('\n');
  expect(longFunctionsIn('x.tsx', text, 5)).toEqual([
    { file: 'x.tsx', line: 1, name: '(callback of items.map)', lines: 7 },
  ]);
});
