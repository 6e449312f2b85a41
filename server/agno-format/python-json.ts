/**
 * Python's `json.dumps` and `repr` output, reproduced for JSON values.
 *
 * Agno writes its session columns with `json.dumps` defaults and renders some inputs with
 * `json.dumps(d, indent=2)` or `str(list)`, so matching the reference byte for byte needs
 * Python's separators, `ensure_ascii` escapes and float formatting rather than
 * `JSON.stringify`'s.
 *
 * Known limits (JSON parsed in JS loses them): a float with an integral value such as `1.0`
 * is written `1`, and integer-like object keys come first (JS property order).
 */

export interface PythonJsonOptions {
  /** `indent=2` style: items on their own lines, separators `","` and `": "`. */
  indent?: number | undefined;
}

/**
 * `json.dumps(value)` (or `json.dumps(value, indent=n)`) with Python's defaults.
 *
 * @example
 * pythonJsonDumps({ a: [1, 'é'] }) // '{"a": [1, "\\u00e9"]}'
 */
export function pythonJsonDumps(value: unknown, options: PythonJsonOptions = {}): string {
  return dumpValue(value, options.indent, 0);
}

function dumpValue(value: unknown, indent: number | undefined, depth: number): string {
  if (value === null || value === undefined) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') return pythonNumber(value, 'json');
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return jsonQuote(value);
  if (Array.isArray(value)) {
    return container('[', ']', value.map((item) => dumpValue(item, indent, depth + 1)), indent, depth);
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${jsonQuote(k)}: ${dumpValue(v, indent, depth + 1)}`);
    return container('{', '}', parts, indent, depth);
  }
  // Python's `default=str` fallback, for values JSON cannot hold.
  return jsonQuote(String(value));
}

function container(open: string, close: string, parts: string[], indent: number | undefined, depth: number): string {
  if (parts.length === 0) return open + close;
  if (indent === undefined) return open + parts.join(', ') + close;
  const inner = '\n' + ' '.repeat(indent * (depth + 1));
  const outer = '\n' + ' '.repeat(indent * depth);
  return open + inner + parts.join(',' + inner) + outer + close;
}

const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** A JSON string literal with `ensure_ascii=True`: everything outside `' '..'~'` as `\uXXXX`. */
function jsonQuote(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const code = text.charCodeAt(i);
    const short = JSON_SHORT_ESCAPES[ch];
    if (short !== undefined) out += short;
    else if (code < 0x20 || code > 0x7e) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + '"';
}

/**
 * A number as Python prints it: integral values as ints, others as `repr(float)`
 * (shortest round-trip digits, exponent form below 1e-4 and from 1e16, two-digit exponents).
 */
export function pythonNumber(value: number, style: 'json' | 'repr' = 'repr'): string {
  if (Number.isNaN(value)) return style === 'json' ? 'NaN' : 'nan';
  if (!Number.isFinite(value)) {
    if (style === 'json') return value > 0 ? 'Infinity' : '-Infinity';
    return value > 0 ? 'inf' : '-inf';
  }
  // A negative zero can only be Python's float -0.0 (Python's ints have no sign at zero).
  if (Number.isInteger(value) && !Object.is(value, -0)) return BigInt(value).toString();
  return pythonFloatRepr(value);
}

/** `repr(x)` for a non-integral finite float. */
export function pythonFloatRepr(value: number): string {
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  // toExponential() without an argument yields the shortest digits that round-trip, like repr.
  const [mantissa = '', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '');
  if (exponent < -4 || exponent >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = String(Math.abs(exponent)).padStart(2, '0');
    return `${sign}${m}e${exponent < 0 ? '-' : '+'}${e}`;
  }
  if (exponent >= 0) {
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1) || '0';
    return `${sign}${whole}.${fraction}`;
  }
  return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
}

/**
 * `repr(value)` / `str(value)` of the Python object a JSON value decodes to (used where agno
 * renders a list with `str(list)`).
 *
 * @example
 * pythonRepr(['a', { b: null, c: true }]) // "['a', {'b': None, 'c': True}]"
 */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return pythonNumber(value, 'repr');
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return pythonStringRepr(value);
  if (Array.isArray(value)) return '[' + value.map(pythonRepr).join(', ') + ']';
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(
      ([k, v]) => `${pythonStringRepr(k)}: ${pythonRepr(v)}`,
    );
    return '{' + parts.join(', ') + '}';
  }
  return pythonStringRepr(String(value));
}

// Python's str.isprintable() is false for categories C* and Z* except the ASCII space.
const NOT_PRINTABLE = /[\p{C}\p{Z}]/u;

/** `repr(str)`: single quotes unless the text has `'` and no `"`; non-printables escaped. */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === ' ' || (code < 0x7f && code >= 0x20)) out += ch;
    else if (NOT_PRINTABLE.test(ch)) {
      if (code < 0x100) out += '\\x' + code.toString(16).padStart(2, '0');
      else if (code < 0x10000) out += '\\u' + code.toString(16).padStart(4, '0');
      else out += '\\U' + code.toString(16).padStart(8, '0');
    } else out += ch;
  }
  return out + quote;
}

/**
 * `json.loads(text)` with Python's defaults: JSON plus the constants `NaN`, `Infinity` and
 * `-Infinity`, which `json.dumps` writes for non-finite floats (`allow_nan=True`). Throws a
 * `SyntaxError` for anything else Python would refuse. Standard JSON goes through `JSON.parse`;
 * only text it refuses is parsed again here, so the common case costs nothing extra.
 *
 * @example
 * pythonJsonLoads('[{"score": NaN}]') // [{ score: NaN }]
 */
export function pythonJsonLoads(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (!/NaN|Infinity/.test(text)) throw error;
  }
  const parser = new PythonJsonParser(text);
  const value = parser.value();
  parser.end();
  return value;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// A string token: JSON.parse then checks its escapes and refuses raw control characters, as Python does.
const STRING = /"(?:[^"\\]|\\.)*"/sy;
const SPACE = /[ \t\n\r]*/y;

/** Recursive descent over one JSON text; objects are built like JSON.parse builds them. */
class PythonJsonParser {
  private at = 0;

  constructor(private readonly text: string) {}

  value(): unknown {
    this.space();
    const c = this.text[this.at];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    for (const [word, value] of CONSTANTS) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return value;
      }
    }
    return this.number();
  }

  end(): void {
    this.space();
    if (this.at !== this.text.length) this.fail('extra data');
  }

  private object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.at++;
    this.space();
    if (this.eat('}')) return out;
    do {
      this.space();
      if (this.text[this.at] !== '"') this.fail('expected a property name');
      const key = this.string();
      this.space();
      if (!this.eat(':')) this.fail("expected ':'");
      // defineProperty, so a "__proto__" key is an own property as with JSON.parse.
      Object.defineProperty(out, key, { value: this.value(), writable: true, enumerable: true, configurable: true });
      this.space();
    } while (this.eat(','));
    if (!this.eat('}')) this.fail("expected ',' or '}'");
    return out;
  }

  private array(): unknown[] {
    const out: unknown[] = [];
    this.at++;
    this.space();
    if (this.eat(']')) return out;
    do {
      out.push(this.value());
      this.space();
    } while (this.eat(','));
    if (!this.eat(']')) this.fail("expected ',' or ']'");
    return out;
  }

  private string(): string {
    return JSON.parse(this.token(STRING, 'unterminated string')) as string;
  }

  private number(): number {
    return Number(this.token(NUMBER, 'expected a value'));
  }

  private token(pattern: RegExp, what: string): string {
    pattern.lastIndex = this.at;
    const match = pattern.exec(this.text);
    if (!match) this.fail(what);
    this.at = pattern.lastIndex;
    return match[0];
  }

  private space(): void {
    SPACE.lastIndex = this.at;
    SPACE.exec(this.text);
    this.at = SPACE.lastIndex;
  }

  private eat(c: string): boolean {
    if (this.text[this.at] !== c) return false;
    this.at++;
    return true;
  }

  private fail(what: string): never {
    throw new SyntaxError(`${what} at position ${this.at}`);
  }
}

const CONSTANTS: ReadonlyArray<readonly [string, unknown]> = [
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
  ['true', true],
  ['false', false],
  ['null', null],
];
