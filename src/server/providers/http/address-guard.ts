import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { ProviderError, type ProviderName } from '../provider-error';
import type { FetchFunction } from './provider-fetch';

/**
 * Which addresses a learner's own provider endpoint may reach (docs/product/providers.md#endpoint-addresses).
 * Link-local (cloud metadata) never; private, loopback and unspecified only when the operator allows.
 */
export interface ProviderAddressPolicy {
  allowPrivate: boolean;
}

/** Host name → every address it resolves to now; tests give a fake one so no query leaves the machine. */
export type AddressResolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export type AddressClass = 'public' | 'private' | 'loopback' | 'unspecified' | 'link_local' | 'reserved';

const ranges = (list: BlockList, entries: Array<[string, number, 'ipv4' | 'ipv6']>) => {
  for (const [network, prefix, family] of entries) list.addSubnet(network, prefix, family);
  return list;
};

const LINK_LOCAL = ranges(new BlockList(), [
  ['169.254.0.0', 16, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
  // Cloud metadata outside link-local: AWS's IPv6 endpoint sits inside the private fc00::/7.
  ['fd00:ec2::254', 128, 'ipv6'],
]);
const LOOPBACK = ranges(new BlockList(), [
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);
const UNSPECIFIED = ranges(new BlockList(), [
  ['0.0.0.0', 8, 'ipv4'],
  ['::', 128, 'ipv6'],
]);
const PRIVATE = ranges(new BlockList(), [
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
  // Deprecated site-local, still routed as private by some networks.
  ['fec0::', 10, 'ipv6'],
]);
/** Never a provider: multicast, the reserved 240/4 (broadcast included). */
const RESERVED = ranges(new BlockList(), [
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['ff00::', 8, 'ipv6'],
]);

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`). */
function embeddedIpv4(address: string): string | undefined {
  // The URL parser writes every IPv6 form the same way (lower case, `::`, the IPv4 tail as hex).
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const match = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!match?.[1] || !match[2]) return undefined;
  const high = Number.parseInt(match[1], 16);
  const low = Number.parseInt(match[2], 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** What kind of address this is, for the policy; IPv4 inside IPv6 counts as the IPv4 it carries. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 0) return 'reserved';
  const ipv4 = version === 6 ? embeddedIpv4(bare) : bare;
  const [value, family] = ipv4 ? [ipv4, 'ipv4' as const] : [bare, 'ipv6' as const];
  if (LINK_LOCAL.check(value, family)) return 'link_local';
  if (RESERVED.check(value, family)) return 'reserved';
  if (LOOPBACK.check(value, family)) return 'loopback';
  if (UNSPECIFIED.check(value, family)) return 'unspecified';
  if (PRIVATE.check(value, family)) return 'private';
  return 'public';
}

/** Why this address may not be called under the policy; undefined when it may. */
export function refusalOf(address: string, policy: ProviderAddressPolicy): AddressClass | undefined {
  const kind = classifyAddress(address);
  if (kind === 'public') return undefined;
  if (kind === 'link_local' || kind === 'reserved') return kind;
  return policy.allowPrivate ? undefined : kind;
}

/** Raised inside the connection when the address it would use is refused; no byte has been sent. */
export class AddressRefusedError extends Error {
  constructor(
    readonly address: string,
    readonly kind: AddressClass,
  ) {
    super(`address ${address} refused (${kind})`);
    this.name = 'AddressRefusedError';
  }
}

/** The refusal somewhere in an error's `cause` chain (fetch wraps what the connection raised). */
export function addressRefusalIn(error: unknown): AddressRefusedError | undefined {
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    if (current instanceof AddressRefusedError) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

export const refusedAddressError = (provider: ProviderName, refusal: AddressRefusedError) =>
  new ProviderError('provider_address_refused', provider, refusal.message);

const systemResolver: AddressResolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(error);
      else resolve(addresses);
    });
  });

export interface AddressGuard {
  readonly policy: ProviderAddressPolicy;
  /**
   * Before a learner's endpoint is saved: every address its host resolves to now must be allowed. A host
   * that does not resolve is let through; the connection-time check still applies when it is called.
   */
  checkUrl(url: string, provider: ProviderName): Promise<void>;
  /** fetch for the learner's own endpoint: each new connection checks the address it is about to use. */
  readonly fetch: FetchFunction;
  /** Ends its connections, kept-alive or still waiting (the app is closing). */
  close(): Promise<void>;
}

export function createAddressGuard(
  policy: ProviderAddressPolicy,
  resolver: AddressResolver = systemResolver,
): AddressGuard {
  // The check runs inside the connection's own lookup, on the very address it will connect to, so an
  // answer that changes between a check and the connection (DNS rebinding) cannot slip past.
  const lookup = (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolver(hostname).then(
      (addresses) => {
        const refused = addresses.find((entry) => refusalOf(entry.address, policy));
        if (refused) {
          callback(
            new AddressRefusedError(refused.address, refusalOf(refused.address, policy) ?? 'reserved'),
            '',
          );
          return;
        }
        const [first] = addresses;
        if (!first) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };

  const connector = buildConnector({ lookup });
  const agent = new Agent({
    connect: (options, callback) => {
      // Node connects to an address literal without asking the lookup: checked here instead.
      const host = options.hostname.replace(/^\[|\]$/g, '');
      const refusal = isIP(host) ? refusalOf(host, policy) : undefined;
      if (refusal) {
        callback(new AddressRefusedError(host, refusal), null);
        return;
      }
      connector(options, callback);
    },
  });

  return {
    policy,
    async checkUrl(url, provider) {
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      let addresses: Array<{ address: string }>;
      if (isIP(host)) addresses = [{ address: host }];
      else {
        try {
          addresses = await resolver(host);
        } catch {
          return;
        }
      }
      for (const { address } of addresses) {
        const refusal = refusalOf(address, policy);
        if (refusal) throw refusedAddressError(provider, new AddressRefusedError(address, refusal));
      }
    },
    fetch: ((input: Parameters<FetchFunction>[0], init?: Parameters<FetchFunction>[1]) =>
      undiciFetch(input as Parameters<typeof undiciFetch>[0], {
        ...(init as Parameters<typeof undiciFetch>[1]),
        dispatcher: agent,
      })) as unknown as FetchFunction,
    close: () => agent.destroy(),
  };
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;
