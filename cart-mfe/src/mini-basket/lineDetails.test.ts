import { lineDetails } from './MiniLines';

test("a line's size and colour, its colour by its name in the page's language", () => {
  expect(lineDetails({ size: 'M', colour: 'Moss' })).toBe(' (M, Moss)');
  expect(lineDetails({ size: 'M', colour: 'Moss', colourLabel: 'Moosgrün' })).toBe(
    ' (M, Moosgrün)',
  );
  expect(lineDetails({})).toBe('');
});
