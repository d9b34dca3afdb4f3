// Differential check of the `twitter` rule set against twitter-text 3.1.0 (JavaScript) on generated
// posts rich in URL paths and queries: parentheses (balanced, nested, unbalanced), quotes, `@`,
// `~ ! * ,`, `–`, Cyrillic, Latin accents, CJK, emoji, mentions glued after paths.
//
// Usage: node Scripts/twitter-url-oracle.mjs TWITTER_TEXT_BUNDLE HIGHLIGHT [COUNT] [SEED]
//   TWITTER_TEXT_BUNDLE: twitter-text's built bundle (js/pkg/twitter-text-3.1.0.js of
//   github.com/twitter/twitter-text), run here as the reference, never copied into this repository;
//   HIGHLIGHT: a release `highlight` binary. Prints the number of posts, entities and divergent
//   posts, and the first divergences (post, reference, ours). Exit status 1 on any divergence.
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';

const [bundlePath, highlight, countArgument, seedArgument] = process.argv.slice(2);
if (!bundlePath || !highlight) {
  console.error('usage: node Scripts/twitter-url-oracle.mjs TWITTER_TEXT_BUNDLE HIGHLIGHT [COUNT] [SEED]');
  process.exit(2);
}
const twitter = createRequire(import.meta.url)(bundlePath);
const count = Number(countArgument ?? 20000);
let state = BigInt(seedArgument ?? 1);

// SplitMix64, as the package's generator, so a seed names the same posts everywhere.
function next() {
  state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return z ^ (z >> 31n);
}
const below = (n) => Number(next() % BigInt(n));
const pick = (items) => items[below(items.length)];

const hosts = ['EXAMPLE.COM', 'a.b.c.d.com', 'x.com.', 'x.comm', '1.2.3.4', 'a.tokyo', 'ab.cd', 'example.com', 'a.co', 'www.example.org', 't.co', 'sub.domain.io', 'xn--fsqu00a.xn--0zwm56d',
  'café.fr', 'пример.рф', 'bücher.de', 'x.com', 'en.wikipedia.org', 'foo_bar.com', 'a-b.net', '例え.jp'];
const schemes = ['https://', 'http://', 'HTTPS://', '', '', 'www.'];
// Path pieces: every character class the path and query rules distinguish.
const pathPieces = ['a', 'Z', '0', '9', '_', '-', '+', '=', '#', '/', '.', ',', ';', ':', '!', '*', "'", '$',
  '%20', '~', '@', '|', '&', '[', ']', '–', 'é', 'ß', 'ё', 'Ж', 'ǅ', '東', '😀', '(', ')', '(', ')', '((', '))',
  '"', '`', '^', '{', '}', '<', '>', '\\', 'ĸ', 'ſ', 'K', 'ͅ', 'Ω', 'İ', 'ı', 'µ', '@a/', '(@a/)', '((a))',
  '(a(b)c)', '(a(b)(c))', '(a)', '(é)', '(-)', "('x')", '(@x.com)', '()', '(()', '%', '?', ' '];
const queryPieces = ['?', 'a=1', '&', 'b', '=', '(', ')', '@', "'", '!', '*', ',', '.', ';', ':', '~', '|', '$',
  '/', '#', '%', '[', ']', '-', '_', '+', 'é', '"', ' '];
const tails = ['(@a.com/x)', '?a=(b)', '?(x)', "?'", '?x=1&y=@z', ':', ':80', '/?', '#', '(a(b)c)x', ' ', ' ', '', '.', ',', '!', '?', ')', "'", '"', "'(@name.com)", '(@name.com)', '@name', ' @bob',
  "'(x)", '(a)(b)', '/', '#tag', '$AAPL', '…', '。', '：', 'é', ' (see)', '))', '(('];
const before = ['', ' ', 'see ', '(', '"', "'", 'x', '@', '#', '$', '.', '-', '_', '/', 'é', '😀', 'RT ', '\u200e',
  '\u3000', '：'];

function url() {
  let text = pick(schemes) + pick(hosts);
  if (below(8) === 0) text += ':' + below(9000);
  if (below(6) !== 0) {
    text += '/';
    const length = below(14);
    for (let i = 0; i < length; i++) text += pick(pathPieces);
  }
  if (below(4) === 0) {
    text += '?';
    const length = below(10);
    for (let i = 0; i < length; i++) text += pick(queryPieces);
  }
  return text;
}

function post() {
  let text = '';
  const parts = 1 + below(3);
  for (let i = 0; i < parts; i++) {
    text += pick(before) + url() + pick(tails);
    if (below(3) === 0) text += pick(tails);
  }
  return text;
}

const posts = Array.from({ length: count }, post);
const kinds = { url: 'url', screenName: 'mention', hashtag: 'hashtag', cashtag: 'cashtag' };
function reference(text) {
  return twitter.extractEntitiesWithIndices(text).map((entity) => {
    const kind = Object.keys(kinds).find((key) => key in entity);
    return `${kinds[kind]} ${entity.indices[0]} ${entity.indices[1]}`;
  });
}

const input = posts.map((text) => JSON.stringify(text)).join('\n') + '\n';
const output = execFileSync(highlight, ['--rules', 'twitter', '--format', 'json', '--input', 'jsonl'], {
  input, maxBuffer: 1 << 30,
}).toString().trimEnd().split('\n');

let entities = 0;
const divergent = [];
posts.forEach((text, index) => {
  const expected = reference(text);
  const actual = JSON.parse(output[index]).spans.map((span) => `${span.kind} ${span.utf16[0]} ${span.utf16[1]}`);
  entities += expected.length;
  if (expected.join('|') !== actual.join('|')) divergent.push({ text, expected, actual });
});
console.log(`posts ${posts.length}, reference entities ${entities}, divergent posts ${divergent.length}`);
for (const { text, expected, actual } of divergent.slice(0, 20)) {
  console.log(JSON.stringify(text));
  console.log('  reference:', expected.join(' | '));
  console.log('  ours:     ', actual.join(' | '));
}
process.exit(divergent.length === 0 ? 0 : 1);
