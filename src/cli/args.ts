import { UsageError } from './command';

/** Parsed `--flag value`, `--flag=value`, `--switch` and positional arguments. */
export interface ParsedArgs {
  readonly positional: string[];
  readonly flags: Map<string, string[]>;
}

/**
 * Parses argv against the flags a command declares; unknown flags are a usage error so that a
 * typo never silently changes what a command does.
 */
export function parseArgs(
  argv: readonly string[],
  spec: { readonly values?: readonly string[]; readonly switches?: readonly string[] },
): ParsedArgs {
  const values = new Set(spec.values ?? []);
  const switches = new Set([...(spec.switches ?? []), 'help']);
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  const add = (k: string, v: string) => flags.set(k, [...(flags.get(k) ?? []), v]);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('--') || a === '-') {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (switches.has(name)) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      add(name, 'true');
    } else if (values.has(name)) {
      const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
      if (v === undefined) throw new UsageError(`--${name} needs a value`);
      add(name, v);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { positional, flags };
}

export const flag = (p: ParsedArgs, name: string): string | undefined => p.flags.get(name)?.at(-1);
export const flagAll = (p: ParsedArgs, name: string): string[] => p.flags.get(name) ?? [];
export const has = (p: ParsedArgs, name: string): boolean => p.flags.has(name);
