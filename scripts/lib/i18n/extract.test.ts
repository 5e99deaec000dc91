import { compareTranslations } from './check';
import { extractTexts, routeListTexts, sortedTexts } from './extract';

describe('extractTexts', () => {
  it('lists every t() text written out, in either quote or a plain template', () => {
    const source = [
      "const a = t('Add to basket');",
      'const b = t("Go to checkout", { x: 1 });',
      'const c = t(`{count} items`, { count });',
      "const d = format('not a t call');",
      "const e = messages.t('a method named t is not ours');",
    ].join('\n');
    expect(extractTexts('a.ts', source)).toEqual({
      texts: ['Add to basket', 'Go to checkout', '{count} items'],
      problems: [],
    });
  });

  it('reads JSX, and calls inside attributes and expressions', () => {
    const source = `export function A() {
      return <button aria-label={t('Close the basket')}>{open ? t('Open') : t("Closed")}</button>;
    }`;
    expect(extractTexts('a.tsx', source).texts).toEqual(['Close the basket', 'Open', 'Closed']);
  });

  it('refuses a t() whose text is not written out, naming its line', () => {
    const source = "const a = t('Fine');\nconst b = t(label);\nconst c = t(`Hi ${name}`);";
    expect(extractTexts('src/a.ts', source).problems).toEqual([
      { file: 'src/a.ts', line: 2, message: 't() needs its English text written out: t(label)' },
      {
        file: 'src/a.ts',
        line: 3,
        message: 't() needs its English text written out: t(`Hi ${name}`)',
      },
    ]);
  });

  it("lists a table's translatable() texts, and refuses one not written out", () => {
    const source =
      "const NAME = { label: translatable('Name'), placeholder: translatable('Enter name...') };\n" +
      'const other = translatable(label);';
    expect(extractTexts('src/a.ts', source)).toEqual({
      texts: ['Name', 'Enter name...'],
      problems: [
        {
          file: 'src/a.ts',
          line: 2,
          message: 'translatable() needs its English text written out: translatable(label)',
        },
      ],
    });
  });
  it("lists a route handle's title and description", () => {
    const source = `export const handle = { title: 'Basket', description: "Your basket", messages };
      const routes = [{ path: '/about', handle: { title: 'About', other: 'not a text' } }];`;
    expect(extractTexts('a.tsx', source).texts).toEqual(['Basket', 'Your basket', 'About']);
  });
});

describe("the spec's messages", () => {
  it('lists every string of the MESSAGES table, not its functions', () => {
    const source = `export const MESSAGES = {
      signedIn: 'Signed in successfuly!',
      couldNotConnect: (status: number) => \`Couldn't connect: \${status}\`,
      orderSentTitle: "Order sent!",
    } as const;`;
    expect(extractTexts('constants.ts', source)).toEqual({
      texts: ['Signed in successfuly!', 'Order sent!'],
      problems: [],
    });
  });
});

describe('routeListTexts', () => {
  it("lists the pages' titles and navigation labels", () => {
    expect(
      routeListTexts([
        { title: 'Collections', nav: { label: 'Collections' } },
        { title: 'Product' },
        { nav: { label: 'Women' } },
        {},
      ]),
    ).toEqual(['Collections', 'Collections', 'Product', 'Women']);
  });
});

describe('sortedTexts', () => {
  it('keeps each text once, in code-point order', () => {
    expect(sortedTexts(['b', 'a', 'B', 'b', 'Ä'])).toEqual(['B', 'a', 'b', 'Ä']);
  });
});

describe('compareTranslations', () => {
  it('lists the texts without a translation and the translations no longer used', () => {
    expect(
      compareTranslations('de', ['Basket', 'Checkout', 'Sale'], {
        Basket: 'Warenkorb',
        Checkout: '',
        Gone: 'Weg',
      }),
    ).toEqual({ language: 'de', missing: ['Checkout', 'Sale'], unused: ['Gone'] });
  });
});
