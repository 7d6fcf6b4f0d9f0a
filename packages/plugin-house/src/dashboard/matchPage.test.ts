import { describe, expect, test } from 'bun:test';
import { playedMatchDetail } from '../testing/playedMatchDetail.ts';
import { matchPage } from './matchPage.ts';
import { matchPageView } from './matchPageView.ts';

describe('matchPage', () => {
  test('a self-contained page: Chart.js, the view inline, the scrubber, and the key the web GUI keeps for a host that wants one', () => {
    const page = matchPage(matchPageView(playedMatchDetail('trust', ['ada', 'bob'], 3), 'Trust', 'public'));
    expect(page).toStartWith('<!doctype html>');
    expect(page.indexOf('<script>')).toBeLessThan(page.indexOf('const DATA = {'));
    expect(page).toContain('<input type="range" id="scrubber"');
    expect(page).toContain("'eliza-api-key-' + location.origin");
    expect(page).toContain("location.pathname.replace(/\\/$/, '') + '/view'");
    expect(page).not.toMatch(/<script src=|<link /);
    // A live page whose match stops or ends (its view route answers 404) says so in its status line, where it kept 'running, round N'.
    // A link to a round opens the page there: the pattern reaches the browser with its backslash (a template literal would eat it).
    expect(page).toContain('let linked = /^#round=(\\d{1,6})$/.test(location.hash)');
    expect(page).toContain("if (view) $('status').textContent = 'no longer live here (stopped or over), last seen at round ' + view.round;");
  });

  test('a play button with its speeds steps the scrubber with the functions playback.test checks, and holds the live page on its round while it plays', () => {
    const page = matchPage(matchPageView(playedMatchDetail('trust', ['ada', 'bob'], 3), 'Trust', 'public'));
    expect(page).toContain('<button type="button" id="play" aria-pressed="false"');
    expect(page).toContain('<option value="0.5">0.5x</option><option value="1" selected>1x</option><option value="2">2x</option><option value="4">4x</option>');
    for (const fn of ['function playDelayMs(', 'function nextPlayRound(', 'function playStart(']) expect(page).toContain(fn);
    expect(page).toContain('const next = nextPlayRound(frames().map((f) => f.round), current, bounds().max);');
    expect(page).toContain("else if (!view.live) { setPlaying(false); return; }");
    expect(page).toContain('asked === null && !playing && (current === null');
  });

  test('?embed=1 shows the viewer alone: the class is set before the body draws, and the header, scoreboard and panel are hidden under it', () => {
    const page = matchPage(matchPageView(playedMatchDetail('trust', ['ada', 'bob'], 3), 'Trust', 'public'));
    const set = "<script>if (/[?&]embed=1(&|$)/.test(location.search)) document.documentElement.classList.add('embed');</script>";
    expect(page.indexOf(set)).toBeGreaterThan(page.indexOf('<body>'));
    expect(page.indexOf(set)).toBeLessThan(page.indexOf('<header>'));
    expect(page).toContain('html.embed #updated,html.embed header,html.embed #scorecard,html.embed #more{display:none!important}');
    expect(page).toContain('<section class="card" id="scorecard">');
  });

  test("a chart's marks (Trust's misses) are drawn as crosses on their line", () => {
    const page = matchPage(matchPageView(playedMatchDetail('trust', ['ada', 'bob', 'cy'], 99, { config: { maxRounds: 8 } }), 'Trust', 'public'));
    expect(page).toContain('"label":"bob","color":"#f28e2b","data":[');
    expect(page).toContain('"marks":[1]');
    expect(page).toContain("pointStyle: d.marks ? d.data.map((_, j) => (d.marks.includes(j) ? 'crossRot' : 'circle')) : 'circle'");
  });

  test("a finished match's page switches between the perspectives its view offers, asking the view route with `as`; a live one shows none", () => {
    const page = matchPage(matchPageView(playedMatchDetail('trust', ['ada', 'bob'], 99, { config: { maxRounds: 3 } }), 'Trust', 'public'));
    expect(page).toContain('<div id="views" class="views" role="group"');
    expect(page).toContain("box.hidden = !p;");
    expect(page).toContain("const b = el('button', { type: 'button', 'data-as': c.key, 'aria-pressed': String(c.key === p.as) }, c.label);");
    expect(page).toContain("if (as) q.set('as', as);");
    expect(page).toContain('"perspective":{"as":"everything","choices":[{"key":"public","label":"public"},{"key":"seat:ada","label":"ada"}');
    expect(matchPage(matchPageView(playedMatchDetail('trust', ['ada', 'bob'], 2), 'Trust', 'public'))).toContain('"perspective":null');
  });

  test("a name from outside cannot end the page's script or become markup: the view is escaped JSON, drawn as text", () => {
    const detail = playedMatchDetail('trust', ['</script><img src=x onerror=alert(1)>', 'bob'], 2);
    const page = matchPage(matchPageView(detail, 'Trust', 'public'));
    expect(page).not.toContain('</script><img');
    expect(page).toContain('\\u003c/script>\\u003cimg');
    // Only the server-drawn, escaped parts are set as HTML.
    expect(page.match(/\.innerHTML = /g)).toEqual(['.innerHTML = ', '.innerHTML = ', '.innerHTML = ']);
    expect(page).toContain('part.innerHTML = f.part;');
    expect(page).toContain("$('scoreboard').innerHTML = view.scoreboard;");
    expect(page).toContain("$('more').innerHTML = view.more.html;");
    expect(matchPageView(detail, 'Trust', 'public').scoreboard).toContain('&lt;/script&gt;&lt;img');
  });

  test('with no view (a host that wants its API key), the page asks for it; a banner is set as text', () => {
    const page = matchPage(null, '<b>private</b>');
    expect(page).toContain('const DATA = null;');
    expect(page).toContain('const BANNER = "\\u003cb>private\\u003c/b>";');
    expect(page).toContain("$('banner').textContent = BANNER");
  });
});
