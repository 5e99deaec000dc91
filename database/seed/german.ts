// The seed catalog's German texts (decision 5101: a record's `translations.de`). Names keep the
// English words a German shop keeps (Sneaker, Chelsea Boot, Hoodie, Trench); descriptions are
// written for German shoppers, not word for word.

/** Colour names as the German market shows them; the stored colour stays the English one. */
export const COLOUR_DE: Record<string, string> = {
  'All white': 'Ganz in Weiß',
  Black: 'Schwarz',
  'Blue print': 'Blau gemustert',
  Blush: 'Zartrosa',
  'Bottle green': 'Flaschengrün',
  Burgundy: 'Bordeaux',
  'Burnt orange': 'Dunkelorange',
  Butter: 'Buttergelb',
  Camel: 'Camel',
  Champagne: 'Champagner',
  Charcoal: 'Anthrazit',
  Chestnut: 'Kastanienbraun',
  Cognac: 'Cognac',
  Coral: 'Koralle',
  Cream: 'Creme',
  Ecru: 'Ecru',
  Forest: 'Tannengrün',
  'Green check': 'Grün kariert',
  'Grey check': 'Grau kariert',
  Grey: 'Grau',
  'Grey/Red': 'Grau/Rot',
  'Heather grey': 'Grau meliert',
  Heather: 'Heide meliert',
  Honey: 'Honig',
  Indigo: 'Indigo',
  Ivory: 'Elfenbein',
  Khaki: 'Khaki',
  'Light wash': 'Hell verwaschen',
  Lilac: 'Flieder',
  'Mid wash': 'Mittel verwaschen',
  Midnight: 'Nachtblau',
  Mocha: 'Mokka',
  Moss: 'Moosgrün',
  Natural: 'Natur',
  Navy: 'Marineblau',
  Oatmeal: 'Haferbeige',
  Ocean: 'Ozeanblau',
  'Off-white': 'Wollweiß',
  Olive: 'Oliv',
  'Powder blue': 'Puderblau',
  'Red check': 'Rot kariert',
  'Rose print': 'Rosen-Print',
  'Rust check': 'Rost kariert',
  Rust: 'Rost',
  Sage: 'Salbei',
  Sand: 'Sand',
  Sky: 'Himmelblau',
  'Sky/Coral': 'Himmelblau/Koralle',
  Stone: 'Stein',
  Taupe: 'Taupe',
  Tobacco: 'Tabak',
  White: 'Weiß',
  'White/Blue': 'Weiß/Blau',
  'White/Pink': 'Weiß/Rosa',
};

/** Annotations (the badge on a card) in German; a reduction ("-20%") reads the same. */
export const ANNOTATION_DE: Record<string, string> = {
  '-20%': '-20 %',
  '-25%': '-25 %',
  '100% merino': '100 % Merino',
  Adjustable: 'Verstellbar',
  Bestseller: 'Bestseller',
  'Bias cut': 'Schräg geschnitten',
  'Block heel': 'Blockabsatz',
  'Brushed cotton': 'Angeraute Baumwolle',
  'Cashmere blend': 'Mit Kaschmir',
  'Chunky knit': 'Grobstrick',
  Classic: 'Klassiker',
  Everyday: 'Für jeden Tag',
  'Full grain': 'Vollnarbenleder',
  'Hand-stitched': 'Handgenäht',
  Handwoven: 'Handgeflochten',
  'High rise': 'High Waist',
  Iconic: 'Ikone',
  'Italian wool': 'Italienische Wolle',
  Lambswool: 'Lammwolle',
  'Light knit': 'Leichter Strick',
  Lightweight: 'Leicht',
  'Mulberry silk': 'Maulbeerseide',
  'New in': 'Neu',
  'Organic cotton': 'Bio-Baumwolle',
  'Organic denim': 'Bio-Denim',
  Organic: 'Bio',
  Platform: 'Plateau',
  'Pure linen': 'Reines Leinen',
  'Recycled down': 'Recycelte Daunen',
  'Relaxed fit': 'Lockere Passform',
  Selvedge: 'Selvedge',
  'Stretch cotton': 'Stretch-Baumwolle',
  'Sunray pleats': 'Sonnenplissee',
  'Water-repellent': 'Wasserabweisend',
  Waterproof: 'Wasserdicht',
  'Wool blend': 'Wollmischung',
};

/** Each product's German name and description, by id. */
export const PRODUCT_DE: Record<string, { name: string; description: string }> = {
  'trail-runner-gtx': {
    name: 'Trail Runner GTX',
    description:
      'Robuster Trail-Sneaker mit wasserdichter Membran, griffiger Profilsohle und gedämpfter Zwischensohle für nasse Herbstwege.',
  },
  'chelsea-boot-suede': {
    name: 'Chelsea Boot aus Veloursleder',
    description:
      'Klassischer Chelsea Boot zum Hineinschlüpfen, aus wasserabweisendem Veloursleder mit elastischen Seiteneinsätzen und geschichtetem Gummiabsatz.',
  },
  'waxed-field-jacket': {
    name: 'Gewachste Fieldjacket',
    description:
      'Fieldjacket aus gewachster Baumwolle mit Cordkragen, vier Blasebalgtaschen und Karofutter. Wird mit jedem Regenspaziergang schöner.',
  },
  'merino-crew-knit': {
    name: 'Merino-Pullover mit Rundhals',
    description:
      'Feinstrick-Pullover aus extrafeiner Merinowolle mit Rundhalsausschnitt und gerippten Bündchen. Weich, atmungsaktiv und ideal zum Kombinieren.',
  },
  'cord-trousers': {
    name: 'Cordhose',
    description: 'Cordhose in lockerer Passform aus Feincord mit Knopfleiste und schrägen Taschen.',
  },
  'flannel-check-shirt': {
    name: 'Karohemd aus Flanell',
    description:
      'Hemd aus angerauter Baumwoll-Flanell im Büffelkaro, mit Button-down-Kragen und Brusttasche.',
  },
  'wool-overcoat': {
    name: 'Wollmantel',
    description:
      'Einreihiger, knielanger Mantel aus italienischer Wollmischung mit Reverskragen und Halbfutter.',
  },
  'ribbed-beanie': {
    name: 'Ripp-Beanie',
    description: 'Grob gerippte Beanie aus wärmender Wollmischung mit breitem Umschlag.',
  },
  'raw-denim-jeans': {
    name: 'Raw-Denim-Jeans',
    description:
      'Jeans mit geradem Bein aus 14-oz-Selvedge-Denim, ungewaschen: Sie bleicht nach Ihrer eigenen Geschichte aus.',
  },
  'heavy-hoodie': {
    name: 'Schwerer Hoodie',
    description:
      'Schwerer Hoodie aus Bio-Baumwolle in Loopback-Qualität, mit doppellagiger Kapuze und Kängurutasche.',
  },
  'leather-weekender': {
    name: 'Weekender aus Leder',
    description:
      'Weekender aus Vollnarbenleder mit Messingbeschlägen und abnehmbarem Schultergurt.',
  },
  'canvas-low-top': {
    name: 'Canvas Low-Top',
    description:
      'Zeitloser Sneaker aus vulkanisiertem Canvas mit Baumwollfutter und Sohle aus Naturkautschuk.',
  },
  'retro-runner': {
    name: 'Retro Runner 84',
    description:
      'Laufschuh-Silhouette der Achtziger aus Veloursleder und Mesh, mit weicher EVA-Keilsohle.',
  },
  'linen-shirt': {
    name: 'Leinenhemd',
    description:
      'Luftiges Hemd aus reinem Leinen mit Reverskragen und lockerer, kastiger Passform.',
  },
  'slim-chinos': {
    name: 'Slim Chino',
    description:
      'Chino in schmaler Passform aus Stretch-Baumwolltwill, die den ganzen Tag in Form bleibt.',
  },
  'nylon-bomber': {
    name: 'Nylon-Bomberjacke',
    description:
      'Leichte Bomberjacke aus Nylon mit Rippbündchen, Utility-Ärmeltasche und farbigem Futter.',
  },
  'pique-polo': {
    name: 'Piqué-Polo',
    description:
      'Poloshirt aus Bio-Baumwoll-Piqué mit Zweiknopfleiste und klarem, tailliertem Schnitt.',
  },
  'cotton-cardigan': {
    name: 'Baumwoll-Cardigan',
    description:
      'Leichter Cardigan aus Baumwolle mit Hornknöpfen, ideal für kühle Frühlingsabende.',
  },
  'six-panel-cap': {
    name: 'Six-Panel Cap',
    description: 'Cap aus gewaschenem Baumwolltwill mit verstellbarem Riemen und gebogenem Schirm.',
  },
  'denim-trucker': {
    name: 'Jeansjacke Trucker',
    description:
      'Die legendäre Trucker-Jeansjacke mit Biesen an der Vorderseite und Brusttaschen mit Patte.',
  },
  'chino-shorts': {
    name: 'Chino-Shorts',
    description: 'Chino-Shorts mit 23 cm Beinlänge aus weicher, stückgefärbter Baumwolle.',
  },
  'leather-ankle-boot': {
    name: 'Stiefelette aus Leder',
    description:
      'Stiefelette aus Glattleder mit bequemem Blockabsatz und Reißverschluss an der Innenseite.',
  },
  'classic-trench': {
    name: 'Klassischer Trenchcoat',
    description:
      'Zweireihiger Trenchcoat aus wasserabweisendem Baumwollgabardine mit Sturmpasse und Bindegürtel.',
  },
  'cable-knit-sweater': {
    name: 'Zopfstrickpullover',
    description:
      'Grober Zopfstrickpullover aus Woll-Alpaka-Mischung mit überschnittenen Schultern.',
  },
  'midi-wrap-dress': {
    name: 'Midi-Wickelkleid',
    description: 'Fließendes Midi-Wickelkleid aus weichem Crêpe mit Bindegürtel und langen Ärmeln.',
  },
  'wide-leg-trousers': {
    name: 'Hose mit weitem Bein',
    description: 'Hose mit hohem Bund und weitem Bein aus fließendem Twill mit Bügelfalten.',
  },
  'suede-high-top': {
    name: 'High-Top aus Veloursleder',
    description:
      'High-Top-Sneaker aus Veloursleder mit gepolstertem Schaftrand und gedämpfter Cupsole.',
  },
  'quilted-puffer': {
    name: 'Steppjacke',
    description:
      'Warme Steppjacke mit Füllung aus recycelten Daunen, hohem Kragen und tiefen Taschen.',
  },
  'wool-check-scarf': {
    name: 'Karierter Wollschal',
    description: 'Großzügiger Schal aus Lammwolle in klassischem Karo mit Fransen an den Enden.',
  },
  'saddle-bag': {
    name: 'Satteltasche aus Leder',
    description:
      'Formstabile Satteltasche aus Leder mit handgenähter Klappe und verstellbarem Riemen.',
  },
  'pleated-midi-skirt': {
    name: 'Plissierter Midirock',
    description:
      'Midirock mit Sonnenplissee, der wunderbar schwingt, mit elastischem Bund am Rücken.',
  },
  'roll-neck-knit': {
    name: 'Rollkragenpullover',
    description:
      'Schmaler Rollkragenpullover aus weicher Kaschmirmischung, ideal für den Lagenlook.',
  },
  'floral-midi-dress': {
    name: 'Midikleid mit Blumenmuster',
    description:
      'Leichtes Midikleid aus Viskose mit Blumenmuster, eckigem Ausschnitt und Puffärmeln.',
  },
  'platform-sneaker': {
    name: 'Plateau-Sneaker',
    description: 'Leder-Sneaker mit Plateausohle und Fersenlasche in Pastell.',
  },
  'linen-blazer': {
    name: 'Leinenblazer',
    description:
      'Ungefütterter Blazer aus Leinen, locker und einreihig geschnitten, mit aufgesetzten Taschen.',
  },
  'silk-blouse': {
    name: 'Seidenbluse',
    description: 'Fließende Bluse aus Maulbeerseide mit weichem Kragen und bezogenen Knöpfen.',
  },
  'cropped-straight-jeans': {
    name: 'Verkürzte Straight Jeans',
    description: 'Verkürzte Jeans mit hohem Bund und geradem Bein aus fester Bio-Denim.',
  },
  'satin-slip-dress': {
    name: 'Satin-Slipdress',
    description: 'Schräg geschnittenes Slipdress aus Satin mit verstellbaren Trägern und Midisaum.',
  },
  'denim-mini-skirt': {
    name: 'Jeans-Minirock',
    description: 'Minirock in A-Linie aus Bio-Denim mit offenkantigem Saum.',
  },
  'cloud-running-shoe': {
    name: 'Cloud-Laufschuh',
    description:
      'Federleichter Laufschuh mit atmungsaktivem Strick-Obermaterial und reaktionsfreudigem Schaum.',
  },
  'straw-sun-hat': {
    name: 'Sonnenhut aus Stroh',
    description: 'Handgeflochtener Strohhut mit breiter Krempe und Ripsband.',
  },
  'canvas-tote': {
    name: 'Canvas-Tote',
    description:
      'Geräumige Tote Bag aus schwerem Canvas mit Ledergriffen und Reißverschlussinnentasche.',
  },
  'cropped-cardigan': {
    name: 'Kurzer Cardigan',
    description: 'Kurzer Cardigan aus Baumwollmischung mit Perlmuttknöpfen und weicher Struktur.',
  },
  'linen-wide-shorts': {
    name: 'Leinenshorts',
    description: 'Leinenshorts mit hoher Taille, Paperbag-Bund und Bindegürtel aus gleichem Stoff.',
  },
  'graphic-tee': {
    name: 'T-Shirt aus Bio-Baumwolle',
    description:
      'Lässiges T-Shirt aus Bio-Baumwolle mit geripptem Rundhals. Weich, atmungsaktiv, für jeden Tag.',
  },
};

/** The collections' German titles and texts, by id. */
export const COLLECTION_DE: Record<string, { title: string; description: string }> = {
  fall: {
    title: 'Herbstkollektion',
    description:
      'Gewachste Jacken, Merino- und Zopfstrick, Cord und Lederstiefel für frische Herbsttage.',
  },
  spring: {
    title: 'Frühlingskollektion',
    description:
      'Leinen, leichter Denim, Blumenmuster und frische Sneaker für die ersten warmen Tage.',
  },
};
