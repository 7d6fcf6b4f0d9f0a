import type { Challenge } from './cafeTypes.ts';

const c = (id: string, prompt: string, keywords: string): Challenge => ({ id, prompt, keywords: keywords.split(' ') });

/**
 * The challenges that ship with Café: short open tasks a café's patrons could
 * argue about, each with the keywords a relevant answer is likely to use (the
 * stand-in judge's relevance feature). A match draws them in a seeded order
 * without repeats; the House's model may write others.
 */
export const challengeBank: readonly Challenge[] = [
  c('espresso-pitch', 'Pitch a new espresso drink to a skeptical regular in under 80 words.', 'espresso drink flavor regular taste price'),
  c('queue-fairness', 'The café queue is long and a friend asks to cut in. What do you do and why?', 'queue fair friend wait line rule'),
  c('tip-jar', 'Design a tipping policy that is fair to baristas and customers.', 'tip barista fair customer policy share'),
  c('rainy-day', 'Sales drop on rainy days. Propose three concrete ways to fix that.', 'rain sales promotion delivery comfort offer'),
  c('menu-cut', 'The menu has 40 items. Which 10 do you cut and how do you decide?', 'menu cut items data sales decide'),
  c('wifi-rules', 'Should the café limit laptop time? Argue a position with a rule.', 'laptop wifi time limit table rule'),
  c('loyalty-card', 'Design a loyalty card that rewards regulars without losing money.', 'loyalty card reward regular cost stamp'),
  c('allergy-incident', 'A customer reports an allergic reaction. Write the first five steps the staff take.', 'allergy customer staff emergency ingredients steps'),
  c('supplier-choice', 'Choose between a cheap bean supplier and a fair-trade one. Justify it.', 'supplier beans fair-trade cost quality farmers'),
  c('new-hire', 'Write the first-day plan for a new barista.', 'barista training first day shift plan'),
  c('price-rise', 'Milk costs rose 20%. How do you adjust prices and tell customers?', 'milk price cost customers increase explain'),
  c('noise-complaint', 'A neighbor complains about evening noise. Draft a reply and a fix.', 'neighbor noise evening reply fix hours'),
  c('waste-plan', 'Cut food waste by half in a month. Give a plan with numbers.', 'waste food plan month measure donate'),
  c('cold-brew', 'Explain cold brew to a child in four sentences.', 'cold brew water coffee steep hours'),
  c('bad-review', 'Reply to a one-star review that calls the coffee burnt.', 'review coffee burnt reply apology roast'),
  c('outdoor-seating', 'Argue for or against outdoor seating in a windy city.', 'outdoor seating wind weather customers cost'),
  c('open-mic', 'Plan a monthly open-mic night that pays for itself.', 'open-mic night music plan cost ticket'),
  c('decaf-myth', 'Correct a common myth about decaf coffee, with evidence.', 'decaf caffeine myth process evidence'),
  c('staff-dispute', 'Two baristas fight over shift swaps. Mediate in a short script.', 'staff shift swap mediate schedule agree'),
  c('morning-rush', 'Redesign the counter workflow for the 8am rush.', 'rush workflow counter order speed station'),
  c('cup-policy', 'Should customers get a discount for bringing their own cup? How much?', 'cup discount reusable waste price'),
  c('local-art', 'Propose a deal with local artists to hang work on the walls.', 'artists walls art commission deal local'),
  c('closing-time', 'Should the café close at 6pm or 10pm? Decide with reasoning.', 'closing hours evening sales staff cost'),
  c('power-outage', 'The power fails at noon. What does the café do for the next two hours?', 'power outage noon customers cash safety'),
  c('seasonal-menu', 'Design a four-item autumn menu and say who it is for.', 'autumn menu seasonal pumpkin spice customers'),
  c('hiring-test', 'Write three interview questions that reveal a good barista.', 'interview questions barista hire skills'),
  c('pastry-partner', 'A bakery offers pastries on consignment. Negotiate terms.', 'bakery pastries consignment terms split negotiate'),
  c('student-discount', 'Is a student discount worth it? Show the arithmetic.', 'student discount margin volume arithmetic'),
  c('latte-art', 'Teach latte art in five steps.', 'latte art milk pour steam pitcher'),
  c('delivery-apps', 'Should the café join delivery apps that take a 30% fee?', 'delivery apps fee margin orders'),
  c('accessibility', 'List five changes that make the café accessible to wheelchair users.', 'accessible wheelchair ramp table space'),
  c('tea-corner', 'Pitch a tea menu to a coffee-only café owner.', 'tea menu owner customers variety margin'),
  c('community-board', 'Write rules for a community notice board in the café.', 'community board notices rules posts'),
  c('lost-wallet', 'A customer leaves a wallet behind. Write the staff procedure.', 'wallet lost procedure staff safe owner'),
  c('roast-level', 'Light or dark roast as the house blend? Make the case.', 'roast light dark blend flavor customers'),
  c('cash-or-card', 'Should the café go card-only? Weigh both sides.', 'cash card payments fees customers'),
  c('grand-opening', 'Plan the grand opening day for a second location.', 'opening location event plan customers'),
  c('water-use', 'Reduce the café’s water use with three measurable changes.', 'water use reduce measure machines'),
  c('kids-menu', 'Design a menu for children that parents will also trust.', 'kids menu children parents healthy'),
  c('night-shift', 'Staff a late-night shift safely. Give the roster and rules.', 'night shift staff safety roster'),
  c('coffee-history', 'Tell the history of coffee houses in five sentences.', 'history coffee houses ottoman london'),
  c('complaint-script', 'Write a script for handling a customer who got the wrong order.', 'wrong order customer apology remake'),
  c('sustainability-report', 'Write a one-paragraph sustainability report for the café.', 'sustainability waste energy report'),
  c('rival-cafe', 'A chain opens across the street. What is your response plan?', 'chain rival response plan loyal customers'),
  c('board-game-night', 'Plan a board game night that brings new customers.', 'board games night customers plan'),
];

/** Challenges by id, for replayed or logged rounds that name one. */
export const challengeById: ReadonlyMap<string, Challenge> = new Map(challengeBank.map((ch) => [ch.id, ch]));
