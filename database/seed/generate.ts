/**
 * Generates the seed catalog (database/seed/catalog.json) and one flat SVG illustration per
 * product (shell/public/images/products/{id}.svg) plus the two collection pictures.
 * Deterministic: running it twice gives the same files. Run: npx tsx database/seed/generate.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from '../src/createServer';
import { ANNOTATION_DE, COLLECTION_DE, COLOUR_DE, PRODUCT_DE } from './german';

type Kind =
  | 'sneaker'
  | 'hightop'
  | 'boot'
  | 'tshirt'
  | 'knit'
  | 'hoodie'
  | 'shirt'
  | 'jacket'
  | 'coat'
  | 'trousers'
  | 'shorts'
  | 'dress'
  | 'skirt'
  | 'cap'
  | 'beanie'
  | 'hat'
  | 'bag'
  | 'scarf';

interface Spec {
  id: string;
  name: string;
  kind: Kind;
  category: 'men' | 'women';
  collection: 'fall' | 'spring';
  colour: string; // main fill
  accent: string; // details
  colours: string[];
  price: number;
  discount: number; // percent off, 0 = none
  annotation: string;
  description: string;
}

const SHOES: Kind[] = ['sneaker', 'hightop', 'boot'];
const ACCESSORIES: Kind[] = ['cap', 'beanie', 'hat', 'bag', 'scarf'];

// prettier-ignore
const specs: Spec[] = [
  // men · fall
  { id: 'trail-runner-gtx', name: 'Trail Runner GTX', kind: 'sneaker', category: 'men', collection: 'fall', colour: '#5b6b5d', accent: '#e08a3c', colours: ['Moss', 'Charcoal'], price: 139.99, discount: 15, annotation: 'Waterproof', description: 'A rugged trail sneaker with a waterproof membrane, a grippy lugged outsole and a cushioned midsole for wet autumn paths.' },
  { id: 'chelsea-boot-suede', name: 'Suede Chelsea Boot', kind: 'boot', category: 'men', collection: 'fall', colour: '#8a5a3b', accent: '#3b2a20', colours: ['Tobacco', 'Black'], price: 159.0, discount: 0, annotation: 'Bestseller', description: 'Classic pull-on Chelsea boot in water-repellent suede with elastic side panels and a stacked rubber heel.' },
  { id: 'waxed-field-jacket', name: 'Waxed Field Jacket', kind: 'jacket', category: 'men', collection: 'fall', colour: '#4e5a3c', accent: '#7a4a2a', colours: ['Olive', 'Navy'], price: 219.0, discount: 20, annotation: '-20%', description: 'Waxed cotton field jacket with a corduroy collar, four bellows pockets and a tartan lining. Gets better with every rainy walk.' },
  { id: 'merino-crew-knit', name: 'Merino Crew Knit', kind: 'knit', category: 'men', collection: 'fall', colour: '#2f4a6b', accent: '#1f3148', colours: ['Navy', 'Oatmeal', 'Bottle green'], price: 89.0, discount: 0, annotation: '100% merino', description: 'Fine-gauge extra-fine merino crew-neck sweater with ribbed cuffs and hem. Soft, breathable and easy to layer.' },
  { id: 'cord-trousers', name: 'Corduroy Trousers', kind: 'trousers', category: 'men', collection: 'fall', colour: '#a0673a', accent: '#7a4c2a', colours: ['Rust', 'Camel'], price: 79.0, discount: 10, annotation: 'Relaxed fit', description: 'Relaxed-fit eight-wale corduroy trousers with a button fly and slanted pockets.' },
  { id: 'flannel-check-shirt', name: 'Flannel Check Shirt', kind: 'shirt', category: 'men', collection: 'fall', colour: '#a33b32', accent: '#2c2c34', colours: ['Red check', 'Green check'], price: 59.0, discount: 0, annotation: 'Brushed cotton', description: 'Brushed cotton flannel shirt in a buffalo check with a button-down collar and chest pocket.' },
  { id: 'wool-overcoat', name: 'Wool Overcoat', kind: 'coat', category: 'men', collection: 'fall', colour: '#3d3f45', accent: '#24262b', colours: ['Charcoal', 'Camel'], price: 289.0, discount: 25, annotation: 'Italian wool', description: 'Single-breasted knee-length overcoat in Italian wool blend with notch lapels and a half lining.' },
  { id: 'ribbed-beanie', name: 'Ribbed Beanie', kind: 'beanie', category: 'men', collection: 'fall', colour: '#c2703d', accent: '#8f4f27', colours: ['Burnt orange', 'Grey'], price: 24.0, discount: 0, annotation: 'Wool blend', description: 'Chunky ribbed beanie in a warm wool blend with a deep turn-up cuff.' },
  { id: 'raw-denim-jeans', name: 'Raw Denim Jeans', kind: 'trousers', category: 'men', collection: 'fall', colour: '#27374f', accent: '#c9a45c', colours: ['Indigo'], price: 109.0, discount: 0, annotation: 'Selvedge', description: 'Straight-leg jeans in 14 oz raw selvedge denim that fades to your own story.' },
  { id: 'heavy-hoodie', name: 'Heavyweight Hoodie', kind: 'hoodie', category: 'men', collection: 'fall', colour: '#7d8289', accent: '#5a5e64', colours: ['Heather grey', 'Black'], price: 69.0, discount: 15, annotation: 'Organic cotton', description: 'Heavyweight organic-cotton loopback hoodie with a double-layer hood and kangaroo pocket.' },
  { id: 'leather-weekender', name: 'Leather Weekender', kind: 'bag', category: 'men', collection: 'fall', colour: '#6b4430', accent: '#3e271b', colours: ['Cognac'], price: 249.0, discount: 10, annotation: 'Full grain', description: 'Full-grain leather weekender with brass hardware and a detachable shoulder strap.' },
  // men · spring
  { id: 'canvas-low-top', name: 'Canvas Low-Top', kind: 'sneaker', category: 'men', collection: 'spring', colour: '#f1ede4', accent: '#2c4a7a', colours: ['Off-white', 'Navy'], price: 65.0, discount: 0, annotation: 'Classic', description: 'Timeless vulcanised canvas sneaker with a cotton lining and natural rubber sole.' },
  { id: 'retro-runner', name: 'Retro Runner 84', kind: 'sneaker', category: 'men', collection: 'spring', colour: '#d8dde3', accent: '#d0453a', colours: ['Grey/Red', 'White/Blue'], price: 119.99, discount: 20, annotation: '-20%', description: 'An eighties running silhouette in suede and mesh with a soft EVA wedge.' },
  { id: 'linen-shirt', name: 'Linen Shirt', kind: 'shirt', category: 'men', collection: 'spring', colour: '#e8dcc3', accent: '#b8a886', colours: ['Sand', 'White', 'Sky'], price: 69.0, discount: 0, annotation: 'Pure linen', description: 'Breezy pure linen shirt with a camp collar and a relaxed, boxy fit.' },
  { id: 'slim-chinos', name: 'Slim Chinos', kind: 'trousers', category: 'men', collection: 'spring', colour: '#c9b28a', accent: '#a08a62', colours: ['Stone', 'Navy', 'Olive'], price: 69.0, discount: 10, annotation: 'Stretch cotton', description: 'Slim-fit chinos in stretch cotton twill that keep their shape all day.' },
  { id: 'nylon-bomber', name: 'Nylon Bomber', kind: 'jacket', category: 'men', collection: 'spring', colour: '#4b5e3a', accent: '#d98a2b', colours: ['Sage', 'Black'], price: 129.0, discount: 0, annotation: 'Lightweight', description: 'Lightweight nylon bomber with ribbed trims, a utility sleeve pocket and a bright lining.' },
  { id: 'pique-polo', name: 'Piqué Polo', kind: 'tshirt', category: 'men', collection: 'spring', colour: '#3c6e8f', accent: '#2a4f68', colours: ['Ocean', 'White', 'Coral'], price: 45.0, discount: 0, annotation: 'Organic', description: 'Organic cotton piqué polo with a two-button placket and a clean, tailored cut.' },
  { id: 'cotton-cardigan', name: 'Cotton Cardigan', kind: 'knit', category: 'men', collection: 'spring', colour: '#a9b98f', accent: '#7e8e66', colours: ['Sage', 'Ecru'], price: 79.0, discount: 15, annotation: 'Light knit', description: 'A light cotton cardigan with horn buttons, perfect for cool spring evenings.' },
  { id: 'six-panel-cap', name: 'Six-Panel Cap', kind: 'cap', category: 'men', collection: 'spring', colour: '#26344d', accent: '#f0e6d2', colours: ['Navy', 'Khaki'], price: 29.0, discount: 0, annotation: 'Adjustable', description: 'Washed cotton twill cap with an adjustable strap and a curved brim.' },
  { id: 'denim-trucker', name: 'Denim Trucker Jacket', kind: 'jacket', category: 'men', collection: 'spring', colour: '#5d7fa8', accent: '#c9a45c', colours: ['Mid wash'], price: 99.0, discount: 0, annotation: 'Iconic', description: 'The iconic denim trucker jacket with pleated front panels and flap chest pockets.' },
  { id: 'chino-shorts', name: 'Chino Shorts', kind: 'shorts', category: 'men', collection: 'spring', colour: '#7f8c6a', accent: '#5d6a4b', colours: ['Olive', 'Stone'], price: 49.0, discount: 20, annotation: '-20%', description: 'Nine-inch chino shorts in soft garment-dyed cotton.' },
  // women · fall
  { id: 'leather-ankle-boot', name: 'Leather Ankle Boot', kind: 'boot', category: 'women', collection: 'fall', colour: '#2d2420', accent: '#8a6a4a', colours: ['Black', 'Chestnut'], price: 169.0, discount: 15, annotation: 'Block heel', description: 'Smooth leather ankle boot with a comfortable block heel and an inside zip.' },
  { id: 'classic-trench', name: 'Classic Trench Coat', kind: 'coat', category: 'women', collection: 'fall', colour: '#c7a77a', accent: '#8f7550', colours: ['Honey', 'Navy'], price: 249.0, discount: 0, annotation: 'Water-repellent', description: 'Double-breasted trench in water-repellent cotton gabardine with a storm flap and tie belt.' },
  { id: 'cable-knit-sweater', name: 'Cable Knit Sweater', kind: 'knit', category: 'women', collection: 'fall', colour: '#ece2cf', accent: '#cbbd9f', colours: ['Cream', 'Forest'], price: 95.0, discount: 10, annotation: 'Chunky knit', description: 'Chunky cable-knit sweater in a wool and alpaca blend with dropped shoulders.' },
  { id: 'midi-wrap-dress', name: 'Midi Wrap Dress', kind: 'dress', category: 'women', collection: 'fall', colour: '#7a2e3a', accent: '#5a1f29', colours: ['Burgundy', 'Black'], price: 119.0, discount: 25, annotation: '-25%', description: 'Flowing midi wrap dress in a soft crepe with a tie waist and long sleeves.' },
  { id: 'wide-leg-trousers', name: 'Wide-Leg Trousers', kind: 'trousers', category: 'women', collection: 'fall', colour: '#5a4f45', accent: '#3e362f', colours: ['Mocha', 'Black'], price: 89.0, discount: 0, annotation: 'High rise', description: 'High-rise wide-leg trousers in a fluid twill with pressed creases.' },
  { id: 'suede-high-top', name: 'Suede High-Top', kind: 'hightop', category: 'women', collection: 'fall', colour: '#b48a6a', accent: '#f2ece2', colours: ['Taupe', 'Black'], price: 119.0, discount: 10, annotation: 'New in', description: 'Suede high-top sneaker with a padded collar and a cushioned cupsole.' },
  { id: 'quilted-puffer', name: 'Quilted Puffer', kind: 'jacket', category: 'women', collection: 'fall', colour: '#2f3b52', accent: '#1e2738', colours: ['Midnight', 'Sand'], price: 179.0, discount: 20, annotation: 'Recycled down', description: 'Warm quilted puffer jacket filled with recycled down, with a high collar and deep pockets.' },
  { id: 'wool-check-scarf', name: 'Wool Check Scarf', kind: 'scarf', category: 'women', collection: 'fall', colour: '#b5543c', accent: '#f0d9b5', colours: ['Rust check', 'Grey check'], price: 39.0, discount: 0, annotation: 'Lambswool', description: 'Generous lambswool scarf in a classic check with fringed ends.' },
  { id: 'saddle-bag', name: 'Leather Saddle Bag', kind: 'bag', category: 'women', collection: 'fall', colour: '#9b5a34', accent: '#5e3520', colours: ['Cognac', 'Black'], price: 149.0, discount: 0, annotation: 'Hand-stitched', description: 'A structured leather saddle bag with a hand-stitched flap and an adjustable strap.' },
  { id: 'pleated-midi-skirt', name: 'Pleated Midi Skirt', kind: 'skirt', category: 'women', collection: 'fall', colour: '#4a5a3a', accent: '#34412a', colours: ['Olive', 'Camel'], price: 79.0, discount: 15, annotation: 'Sunray pleats', description: 'Sunray-pleated midi skirt that moves beautifully, with an elastic back waist.' },
  { id: 'roll-neck-knit', name: 'Roll-Neck Knit', kind: 'knit', category: 'women', collection: 'fall', colour: '#8c6d8f', accent: '#6b506e', colours: ['Heather', 'Black'], price: 85.0, discount: 0, annotation: 'Cashmere blend', description: 'Slim roll-neck sweater in a soft cashmere blend, ideal for layering.' },
  // women · spring
  { id: 'floral-midi-dress', name: 'Floral Midi Dress', kind: 'dress', category: 'women', collection: 'spring', colour: '#e7a3a8', accent: '#b85c6a', colours: ['Rose print', 'Blue print'], price: 99.0, discount: 0, annotation: 'New in', description: 'A floaty floral midi dress in viscose with a square neck and puff sleeves.' },
  { id: 'platform-sneaker', name: 'Platform Sneaker', kind: 'sneaker', category: 'women', collection: 'spring', colour: '#fbf8f3', accent: '#e8b4b8', colours: ['White/Pink', 'All white'], price: 95.0, discount: 10, annotation: 'Platform', description: 'Leather platform sneaker with a chunky sole and pastel heel tab.' },
  { id: 'linen-blazer', name: 'Linen Blazer', kind: 'jacket', category: 'women', collection: 'spring', colour: '#d9c7a7', accent: '#a8936d', colours: ['Natural', 'Sage'], price: 139.0, discount: 20, annotation: '-20%', description: 'An unlined linen blazer with a relaxed single-breasted cut and patch pockets.' },
  { id: 'silk-blouse', name: 'Silk Blouse', kind: 'shirt', category: 'women', collection: 'spring', colour: '#f3e6d8', accent: '#cdb9a3', colours: ['Ivory', 'Powder blue'], price: 115.0, discount: 0, annotation: 'Mulberry silk', description: 'A fluid mulberry-silk blouse with a soft collar and covered buttons.' },
  { id: 'cropped-straight-jeans', name: 'Cropped Straight Jeans', kind: 'trousers', category: 'women', collection: 'spring', colour: '#8fadd0', accent: '#c9a45c', colours: ['Light wash', 'Ecru'], price: 89.0, discount: 0, annotation: 'High rise', description: 'High-rise cropped straight jeans in rigid organic denim.' },
  { id: 'satin-slip-dress', name: 'Satin Slip Dress', kind: 'dress', category: 'women', collection: 'spring', colour: '#9db7a5', accent: '#6f8c78', colours: ['Sage', 'Champagne'], price: 89.0, discount: 15, annotation: 'Bias cut', description: 'Bias-cut satin slip dress with adjustable straps and a midi hem.' },
  { id: 'denim-mini-skirt', name: 'Denim Mini Skirt', kind: 'skirt', category: 'women', collection: 'spring', colour: '#6f8fbf', accent: '#c9a45c', colours: ['Mid wash'], price: 55.0, discount: 0, annotation: 'Organic denim', description: 'A-line mini skirt in organic denim with a raw hem.' },
  { id: 'cloud-running-shoe', name: 'Cloud Running Shoe', kind: 'sneaker', category: 'women', collection: 'spring', colour: '#b9d3e6', accent: '#f08a6c', colours: ['Sky/Coral', 'Lilac'], price: 129.0, discount: 0, annotation: 'Lightweight', description: 'Featherweight running shoe with a breathable knit upper and responsive foam.' },
  { id: 'straw-sun-hat', name: 'Straw Sun Hat', kind: 'hat', category: 'women', collection: 'spring', colour: '#e3c98f', accent: '#3d3a35', colours: ['Natural'], price: 45.0, discount: 10, annotation: 'Handwoven', description: 'Handwoven straw hat with a wide brim and a grosgrain band.' },
  { id: 'canvas-tote', name: 'Canvas Tote', kind: 'bag', category: 'women', collection: 'spring', colour: '#e9dfc9', accent: '#c0743f', colours: ['Ecru', 'Black'], price: 35.0, discount: 0, annotation: 'Everyday', description: 'Roomy heavyweight canvas tote with leather handles and an inner zip pocket.' },
  { id: 'cropped-cardigan', name: 'Cropped Cardigan', kind: 'knit', category: 'women', collection: 'spring', colour: '#f2c6c2', accent: '#d39a94', colours: ['Blush', 'Butter'], price: 65.0, discount: 20, annotation: '-20%', description: 'A cropped cotton-blend cardigan with pearl buttons and a soft texture.' },
  { id: 'linen-wide-shorts', name: 'Linen Shorts', kind: 'shorts', category: 'women', collection: 'spring', colour: '#e0d2b4', accent: '#b8a886', colours: ['Sand', 'White'], price: 49.0, discount: 0, annotation: 'Pure linen', description: 'High-waisted linen shorts with a paper-bag waist and self tie.' },
  { id: 'graphic-tee', name: 'Organic Cotton Tee', kind: 'tshirt', category: 'women', collection: 'spring', colour: '#f4efe6', accent: '#7aa2c9', colours: ['White', 'Sky', 'Black'], price: 29.0, discount: 0, annotation: 'Organic', description: 'A relaxed organic cotton tee with a rib crew neck. Soft, breathable, everyday.' },
];

const KIND_WORD: Record<Kind, string> = {
  sneaker: 'sneaker',
  hightop: 'high-top sneaker',
  boot: 'boot',
  tshirt: 'top',
  knit: 'knit sweater',
  hoodie: 'hoodie',
  shirt: 'shirt',
  jacket: 'jacket',
  coat: 'coat',
  trousers: 'trousers',
  shorts: 'shorts',
  dress: 'dress',
  skirt: 'skirt',
  cap: 'cap',
  beanie: 'beanie',
  hat: 'hat',
  bag: 'bag',
  scarf: 'scarf',
};

/**
 * The product type shoppers filter and search by (plural, a slug): a high-top and a low sneaker
 * are both sneakers, a polo and a tee are both tops.
 */
const KIND_TYPE: Record<Kind, string> = {
  sneaker: 'sneakers',
  hightop: 'sneakers',
  boot: 'boots',
  tshirt: 'tops',
  knit: 'knitwear',
  hoodie: 'hoodies',
  shirt: 'shirts',
  jacket: 'jackets',
  coat: 'coats',
  trousers: 'trousers',
  shorts: 'shorts',
  dress: 'dresses',
  skirt: 'skirts',
  cap: 'hats',
  beanie: 'hats',
  hat: 'hats',
  bag: 'bags',
  scarf: 'scarves',
};

// ---- SVG drawing ------------------------------------------------------------------------------

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) =>
    Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount)
      .toString(16)
      .padStart(2, '0');
  return '#' + mix((n >> 16) & 255) + mix((n >> 8) & 255) + mix(n & 255);
}

const BG = { fall: ['#f3e7da', '#efe0cf', '#f1e9dd'], spring: ['#e6f0ea', '#f6e6e8', '#e8eef6'] };

function draw(s: Spec): string {
  const c = s.colour;
  const d = shade(c, -0.25);
  const a = s.accent;
  const top = (body: string, extra: string) =>
    `<path d="${body}" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/>${extra}`;
  const longSleeves = 'M220,180 Q300,215 380,180 L455,205 L510,470 L455,485 L420,330';
  const longSleevesEnd = 'L180,330 L145,485 L90,470 L145,205 Z';
  const shortSleeves = 'M220,180 Q300,215 380,180 L455,205 L495,320 L435,340 L420,300';
  const shortSleevesEnd = 'L180,300 L165,340 L105,320 L145,205 Z';
  const rib = (y: number) => `<rect x="182" y="${y}" width="236" height="26" fill="${d}"/>`;
  switch (s.kind) {
    case 'tshirt':
      return top(
        `${shortSleeves} L420,560 L180,560 ${shortSleevesEnd}`,
        `<path d="M240,185 Q300,230 360,185" fill="none" stroke="${a}" stroke-width="10"/>`,
      );
    case 'knit':
      return top(
        `${longSleeves} L420,560 L180,560 ${longSleevesEnd}`,
        `${rib(540)}<path d="M225,182 Q300,240 375,182" fill="none" stroke="${d}" stroke-width="14"/><path d="M300,250 v270 M250,260 v260 M350,260 v260" stroke="${a}" stroke-width="5" stroke-dasharray="14 10"/>`,
      );
    case 'hoodie':
      return top(
        `${longSleeves} L420,560 L180,560 ${longSleevesEnd}`,
        `${rib(540)}<path d="M220,180 Q230,110 300,105 Q370,110 380,180 Q300,225 220,180 Z" fill="${d}"/><rect x="235" y="420" width="130" height="80" rx="14" fill="${d}"/><path d="M280,200 v60 M320,200 v60" stroke="${a}" stroke-width="5"/>`,
      );
    case 'shirt':
      return top(
        `${longSleeves} L420,570 L180,570 ${longSleevesEnd}`,
        `<path d="M220,180 L300,240 L380,180 L360,170 L300,215 L240,170 Z" fill="${a}"/><path d="M300,240 V565" stroke="${d}" stroke-width="5"/>${[280, 340, 400, 460, 520].map((y) => `<circle cx="300" cy="${y}" r="6" fill="${a}"/>`).join('')}<rect x="330" y="280" width="60" height="55" fill="none" stroke="${d}" stroke-width="4"/>`,
      );
    case 'jacket':
      return top(
        `${longSleeves} L420,560 L180,560 ${longSleevesEnd}`,
        `<path d="M220,180 L300,250 L380,180 L395,160 L300,205 L205,160 Z" fill="${a}"/><path d="M300,250 V560" stroke="${a}" stroke-width="8"/><rect x="205" y="420" width="70" height="60" fill="${d}"/><rect x="325" y="420" width="70" height="60" fill="${d}"/><rect x="182" y="535" width="236" height="25" fill="${d}"/>`,
      );
    case 'coat':
      return top(
        `${longSleeves} L430,660 L170,660 ${longSleevesEnd}`,
        `<path d="M220,180 L290,330 L300,250 L310,330 L380,180 L360,170 L300,230 L240,170 Z" fill="${d}"/><path d="M300,330 V655" stroke="${d}" stroke-width="5"/>${[360, 430, 500].map((y) => `<circle cx="270" cy="${y}" r="8" fill="${a}"/><circle cx="330" cy="${y}" r="8" fill="${a}"/>`).join('')}<rect x="176" y="450" width="248" height="22" fill="${a}" opacity=".8"/>`,
      );
    case 'trousers':
    case 'shorts': {
      const hem = s.kind === 'shorts' ? 400 : 650;
      const outer = s.kind === 'shorts' ? 440 : 435;
      return `<path d="M190,160 L410,160 L${outer},${hem} L320,${hem} L300,300 L280,${hem} L${600 - outer},${hem} Z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><rect x="190" y="150" width="220" height="36" fill="${d}"/><path d="M300,186 V290" stroke="${a}" stroke-width="5"/><path d="M210,190 Q230,240 260,190 M390,190 Q370,240 340,190" fill="none" stroke="${a}" stroke-width="5"/>${[215, 270, 330, 385].map((x) => `<rect x="${x - 5}" y="146" width="10" height="44" fill="${c}"/>`).join('')}`;
    }
    case 'dress':
      return `<path d="M245,140 L355,140 L372,270 Q382,305 360,335 L470,650 L130,650 L240,335 Q218,305 228,270 Z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M250,140 L245,90 M350,140 L355,90" stroke="${d}" stroke-width="8"/><path d="M236,330 Q300,350 364,330" fill="none" stroke="${a}" stroke-width="12"/>${[
        [210, 520],
        [300, 470],
        [380, 580],
        [260, 600],
        [330, 400],
        [250, 410],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="12" fill="${a}" opacity=".7"/>`)
        .join('')}`;
    case 'skirt':
      return `<path d="M215,190 L385,190 L470,600 Q300,640 130,600 Z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><rect x="210" y="160" width="180" height="40" fill="${d}"/>${[180, 240, 300, 360, 420].map((x) => `<path d="M${300 + (x - 300) * 0.35},200 L${x},610" stroke="${d}" stroke-width="4"/>`).join('')}<circle cx="300" cy="180" r="7" fill="${a}"/>`;
    case 'sneaker':
    case 'hightop': {
      const collar =
        s.kind === 'hightop'
          ? 'M130,470 L140,260 Q200,240 260,255 L300,330'
          : 'M120,470 Q125,380 225,360 L300,320';
      return `<path d="${collar} Q335,300 365,335 Q425,395 490,405 Q530,415 530,465 L530,480 L120,480 Z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M105,478 L545,478 Q550,530 505,535 L135,535 Q100,530 105,478 Z" fill="${a}"/><path d="M105,500 H545" stroke="#fff" stroke-width="6" opacity=".6"/><path d="M180,455 Q300,380 420,440" fill="none" stroke="${a}" stroke-width="16" stroke-linecap="round"/>${[0, 1, 2, 3].map((i) => `<path d="M${300 + i * 28},${335 + i * 14} l30,-22" stroke="${d}" stroke-width="7" stroke-linecap="round"/>`).join('')}`;
    }
    case 'boot':
      return `<path d="M190,170 L330,170 L338,380 Q430,395 485,425 Q515,445 512,480 L190,480 Z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M180,478 L520,478 L520,520 L180,520 Z" fill="${a}"/><rect x="180" y="520" width="90" height="30" fill="${a}"/><path d="M205,200 Q260,250 205,330 M315,200 Q260,250 315,330" fill="none" stroke="${d}" stroke-width="10"/><rect x="300" y="150" width="26" height="40" rx="6" fill="${a}"/>`;
    case 'cap':
      return `<path d="M160,420 Q160,230 320,220 Q450,225 455,420 Z" fill="${c}" stroke="${d}" stroke-width="6"/><path d="M420,410 Q520,400 545,440 Q480,465 400,445 Z" fill="${d}"/><path d="M310,222 V420 M230,250 Q250,330 240,420 M390,250 Q375,330 385,420" stroke="${d}" stroke-width="4" fill="none"/><circle cx="312" cy="222" r="12" fill="${a}"/><rect x="170" y="380" width="100" height="24" rx="6" fill="${a}" opacity=".9"/>`;
    case 'beanie':
      return `<path d="M170,460 Q160,230 300,210 Q440,230 430,460 Z" fill="${c}"/><rect x="155" y="420" width="290" height="90" rx="18" fill="${d}"/>${[190, 230, 270, 310, 350, 390].map((x) => `<path d="M${x},${260 + Math.abs(x - 290) / 3} V420" stroke="${d}" stroke-width="8"/>`).join('')}<circle cx="300" cy="200" r="42" fill="${a}"/>`;
    case 'hat':
      return `<ellipse cx="300" cy="440" rx="240" ry="70" fill="${c}" stroke="${d}" stroke-width="6"/><path d="M190,430 Q190,260 300,255 Q410,260 410,430 Z" fill="${shade(c, -0.08)}" stroke="${d}" stroke-width="6"/><path d="M192,395 Q300,420 408,395 L410,430 Q300,455 190,430 Z" fill="${a}"/><path d="M120,450 Q300,500 480,450" fill="none" stroke="${d}" stroke-width="3" stroke-dasharray="10 8"/>`;
    case 'bag':
      return `<path d="M220,300 Q220,160 300,160 Q380,160 380,300" fill="none" stroke="${d}" stroke-width="18"/><rect x="150" y="290" width="300" height="300" rx="26" fill="${c}" stroke="${d}" stroke-width="6"/><path d="M150,330 Q300,420 450,330 L450,316 Q450,290 424,290 L176,290 Q150,290 150,316 Z" fill="${d}"/><rect x="285" y="360" width="30" height="40" rx="6" fill="${a}"/><path d="M175,560 H425" stroke="${a}" stroke-width="4" stroke-dasharray="12 8"/>`;
    case 'scarf':
      return `<path d="M230,150 L370,150 L370,420 L420,620 L310,640 L290,430 L230,430 Z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/>${[190, 250, 310].map((y) => `<path d="M230,${y} H370" stroke="${a}" stroke-width="12"/>`).join('')}<path d="M270,150 V430 M330,150 V430" stroke="${a}" stroke-width="8" opacity=".7"/>${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${314 + i * 20},${640 - i * 4} l4,40" stroke="${d}" stroke-width="6"/>`).join('')}`;
  }
}

function productSvg(s: Spec, i: number): string {
  const bg = BG[s.collection][i % 3];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 750" width="600" height="750"><rect width="600" height="750" fill="${bg}"/><ellipse cx="300" cy="${SHOES.includes(s.kind) ? 560 : 690}" rx="230" ry="24" fill="#000" opacity=".08"/>${draw(s)}</svg>\n`;
}

const COLLECTION_SVG = {
  fall: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 750" width="600" height="750"><rect width="600" height="750" fill="#f1e2cf"/><circle cx="470" cy="150" r="80" fill="#e9b872"/>${[
    [90, 120, '#c2703d'],
    [180, 600, '#a33b32'],
    [480, 560, '#d08b3a'],
    [520, 340, '#8a5a3b'],
    [110, 420, '#b5543c'],
  ]
    .map(
      ([x, y, f]) =>
        `<path d="M${x},${y} q40,-60 80,0 q-40,60 -80,0 Z" fill="${f}" transform="rotate(-30 ${x} ${y})"/>`,
    )
    .join(
      '',
    )}<path d="M220,190 Q300,225 380,190 L455,215 L510,480 L455,495 L420,340 L430,660 L170,660 L180,340 L145,495 L90,480 L145,215 Z" fill="#4e5a3c" stroke="#3a432d" stroke-width="6" stroke-linejoin="round"/><path d="M220,190 L290,340 L300,260 L310,340 L380,190 L360,180 L300,240 L240,180 Z" fill="#3a432d"/><rect x="176" y="460" width="248" height="22" fill="#c2703d"/></svg>\n`,
  spring: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 750" width="600" height="750"><rect width="600" height="750" fill="#e6f0ea"/><circle cx="120" cy="140" r="70" fill="#f6d77a"/>${[
    [480, 150, '#e7a3a8'],
    [90, 560, '#b9d3e6'],
    [510, 600, '#f2c6c2'],
    [520, 380, '#9db7a5'],
  ]
    .map(
      ([x, y, f]) =>
        `<g fill="${f}">${[0, 72, 144, 216, 288].map((r) => `<ellipse cx="${x}" cy="${Number(y) - 28}" rx="16" ry="28" transform="rotate(${r} ${x} ${y})"/>`).join('')}<circle cx="${x}" cy="${y}" r="12" fill="#f6d77a"/></g>`,
    )
    .join(
      '',
    )}<path d="M245,150 L355,150 L372,280 Q382,315 360,345 L470,660 L130,660 L240,345 Q218,315 228,280 Z" fill="#e7a3a8" stroke="#b85c6a" stroke-width="6" stroke-linejoin="round"/><path d="M250,150 L245,100 M350,150 L355,100" stroke="#b85c6a" stroke-width="8"/><path d="M236,340 Q300,360 364,340" fill="none" stroke="#b85c6a" stroke-width="12"/></svg>\n`,
};

// ---- catalog ----------------------------------------------------------------------------------

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

const round2 = (n: number) => Math.round(n * 100) / 100;

function sizesFor(s: Spec): string[] {
  if (ACCESSORIES.includes(s.kind)) return [];
  if (SHOES.includes(s.kind)) {
    const [from, to] = s.category === 'men' ? [40, 46] : [36, 41];
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  }
  return ['XS', 'S', 'M', 'L', 'XL'];
}

// Stock per size (decision 1406). Most sizes have plenty (200–399 left, the first size of each
// product 400 or more, so journeys that take the first size never run out); a few sizes are low or
// sold out so the shop shows those states. The key of a product without sizes is ONE_SIZE of
// @shop/shared/catalog/stock.
const ONE_SIZE = 'one size';
const SCARCE: Record<string, Record<string, number>> = {
  'cable-knit-sweater': { L: 3, XL: 0 },
  'retro-runner': { '45': 2, '46': 0 },
  'midi-wrap-dress': { XL: 1 },
  'suede-high-top': { '41': 0 },
};

function stockFor(s: Spec, i: number): Record<string, number> {
  const sizes = sizesFor(s);
  const keys = sizes.length > 0 ? sizes : [ONE_SIZE];
  return Object.fromEntries(
    keys.map((key, j) => [
      key,
      SCARCE[s.id]?.[key] ?? (j === 0 ? 400 : 200) + ((i * 53 + j * 29) % 200),
    ]),
  );
}

const FIRST = Date.UTC(2025, 8, 1, 9, 0, 0); // 1 Sep 2025

/**
 * The price lists of the other markets' currencies (decision 5101): set prices, not conversions.
 * Euro list prices end in .95 (about 0.92 € per dollar), pound list prices in .99 (about £0.80);
 * the discounted price takes the same percent off, rounded to cents.
 */
function listPrices(usd: number, discount: number) {
  const price = (list: number) => ({
    originalPrice: list,
    discountedPrice: discount ? round2(list * (1 - discount / 100)) : list,
  });
  return {
    EUR: price(round2(Math.ceil(usd * 0.92) - 0.05)),
    GBP: price(round2(Math.ceil(usd * 0.8) - 0.01)),
  };
}

/** A product's German texts (decision 5101); every product has them. */
function germanOf(s: Spec) {
  const texts = PRODUCT_DE[s.id];
  if (!texts) throw new Error(`no German texts for ${s.id}`);
  const colour = (name: string) => {
    const german = COLOUR_DE[name];
    if (!german) throw new Error(`no German name for the colour ${name}`);
    return german;
  };
  const annotation = ANNOTATION_DE[s.annotation];
  if (annotation === undefined) throw new Error(`no German annotation for ${s.annotation}`);
  return {
    name: texts.name,
    description: texts.description,
    annotation,
    alt: `Illustration: ${texts.name}`,
    colours: s.colours.map(colour),
  };
}

function main(): void {
  const root = findRepoRoot();
  const products: Record<string, unknown> = {};
  const productDir = join(root, 'shell', 'public', 'images', 'products');
  const collectionDir = join(root, 'shell', 'public', 'images', 'collections');
  mkdirSync(productDir, { recursive: true });
  mkdirSync(collectionDir, { recursive: true });
  specs.forEach((s, i) => {
    // Spread creation dates over about a year, interleaving categories and collections.
    const createdAt = FIRST + ((i * 7919) % specs.length) * 8 * 86_400_000 + i * 3_600_000;
    products[s.id] = {
      id: s.id,
      name: s.name,
      imageUrl: `/images/products/${s.id}.svg`,
      alt: `Illustration of the ${s.name}: ${article(s.colours[0] ?? '')} ${(s.colours[0] ?? '').toLowerCase()} ${KIND_WORD[s.kind]}`,
      annotation: s.annotation,
      originalPrice: s.price,
      discountedPrice: s.discount ? round2(s.price * (1 - s.discount / 100)) : s.price,
      description: s.description,
      type: KIND_TYPE[s.kind],
      category: s.category,
      collection: s.collection,
      sizes: sizesFor(s),
      colours: s.colours,
      stock: stockFor(s, i),
      createdAt,
      prices: listPrices(s.price, s.discount),
      translations: { de: germanOf(s) },
    };
    writeFileSync(join(productDir, `${s.id}.svg`), productSvg(s, i));
  });
  for (const [id, svg] of Object.entries(COLLECTION_SVG)) {
    writeFileSync(join(collectionDir, `${id}.svg`), svg);
  }
  const catalog = {
    catalog: {
      products,
      collections: {
        fall: {
          id: 'fall',
          title: 'Fall collection',
          description:
            'Waxed jackets, merino and cable knits, corduroy and leather boots for crisp autumn days.',
          imageUrl: '/images/collections/fall.svg',
          translations: { de: COLLECTION_DE.fall },
          order: 1,
        },
        spring: {
          id: 'spring',
          title: 'Spring collection',
          description:
            'Linen, light denim, floral prints and fresh sneakers for the first warm days.',
          imageUrl: '/images/collections/spring.svg',
          translations: { de: COLLECTION_DE.spring },
          order: 2,
        },
      },
    },
    discounts: {
      SAVE10: { code: 'SAVE10', discountType: 10, description: '10% off every product' },
      SPRING20: { code: 'SPRING20', discountType: 20, description: '20% off every product' },
      WELCOME15: {
        code: 'WELCOME15',
        discountType: 15,
        description: '15% off your first order',
        // Checked by the order function: an account's or an email's first order (decision 3901).
        firstOrderOnly: true,
      },
      FREESHIP: { code: 'FREESHIP', discountType: 'SHIPMENT', description: 'Free shipping' },
      // A fixed amount per currency (decision 5101): $10, €10, £8 off the products.
      TENOFF: {
        code: 'TENOFF',
        discountType: 'AMOUNT',
        amounts: { USD: 10, EUR: 10, GBP: 8 },
        description: '10 off your order ($10, €10, £8)',
      },
    },
  };
  writeFileSync(
    join(root, 'database', 'seed', 'catalog.json'),
    JSON.stringify(catalog, null, 2) + '\n',
  );
  console.log(`wrote ${specs.length} products, ${specs.length + 2} images`);
}

main();
