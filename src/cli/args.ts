import { parseArgs as parseNodeArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './command';

/** Parsed `--flag value`, `--flag=value`, `--switch` and positional arguments. */
export interface ParsedArgs {
  readonly positional: string[];
  readonly flags: Map<string, string[]>;
}

/** Every command takes these switches (`-h` is `--help`). */
const HELP_OPTION = { help: { type: 'boolean', short: 'h', multiple: true } } as const;

/**
 * Parses argv against the flags a command declares, with node:util's parseArgs in strict mode:
 * unknown flags, a value given to a switch and a missing value are usage errors, so that a typo
 * never silently changes what a command does. `--` ends the options; `-` is a positional (stdin).
 */
export function parseArgs(argv: readonly string[], spec: { readonly values?: readonly string[]; readonly switches?: readonly string[] }): ParsedArgs {
  const options: NonNullable<ParseArgsConfig['options']> = { ...HELP_OPTION };
  for (const name of spec.values ?? []) options[name] = { type: 'string', multiple: true };
  for (const name of spec.switches ?? []) options[name] = { type: 'boolean', multiple: true };
  let parsed: ReturnType<typeof parseNodeArgs>;
  try {
    parsed = parseNodeArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(usageMessage(error as Error & { code?: string }));
  }
  const flags = new Map<string, string[]>();
  for (const [name, value] of Object.entries(parsed.values)) {
    const all = (Array.isArray(value) ? value : [value]) as Array<string | boolean | undefined>;
    flags.set(
      name,
      all.map((v) => (typeof v === 'boolean' ? String(v) : (v ?? ''))),
    );
  }
  return { positional: parsed.positionals, flags };
}

/** node:util's messages are long and name its own options syntax; keep ours short and stable. */
function usageMessage(error: Error & { code?: string }): string {
  const option = /'(-{1,2}[^' ]+)/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(error.message) ? `${option} takes no value` : `${option} needs a value`;
    default:
      return error.message;
  }
}

export const flag = (p: ParsedArgs, name: string): string | undefined => p.flags.get(name)?.at(-1);
export const flagAll = (p: ParsedArgs, name: string): string[] => p.flags.get(name) ?? [];
export const has = (p: ParsedArgs, name: string): boolean => p.flags.has(name);
