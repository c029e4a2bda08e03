/**
 * Kubernetes resource quantities ("250m", "1", "0.5", "128Mi", "1Gi", "500M", "1e9") as
 * the short form's whole units, rounded up (CA-2: a request rounded down could fit a pod
 * on a node that cannot hold it).
 */

const QUANTITY = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/;

const SUFFIX: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  "": 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/**
 * A quantity's value in base units (cores, bytes, devices); undefined when it is not a
 * Kubernetes quantity or is negative (no request is).
 *
 * @example quantityValue("250m") // 0.25
 * @example quantityValue("1Gi") // 1073741824
 */
export function quantityValue(quantity: string | number): number | undefined {
  if (typeof quantity === "number") {
    return Number.isFinite(quantity) && quantity >= 0 ? quantity : undefined;
  }
  const match = QUANTITY.exec(quantity);
  if (!match) return undefined;
  const [, digits = "", suffix = ""] = match;
  const scale = /^[eE]/.test(suffix) ? 10 ** Number(suffix.slice(1)) : SUFFIX[suffix];
  const value = Number(digits) * (scale ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Rounds up, forgiving the float noise of decimal suffixes (0.1 × 1000 is 100, not 101). */
function ceilUnits(value: number): number {
  return Math.ceil(Number(value.toPrecision(12)));
}

/**
 * CPU millis of a quantity, rounded up.
 *
 * @example cpuMillisOf("250m") // 250
 * @example cpuMillisOf("0.5") // 500
 */
export function cpuMillisOf(quantity: string | number): number | undefined {
  const cores = quantityValue(quantity);
  return cores === undefined ? undefined : ceilUnits(cores * 1000);
}

/**
 * MiB of a memory quantity, rounded up.
 *
 * @example memoryMiBOf("1Gi") // 1024
 * @example memoryMiBOf("500M") // 477
 */
export function memoryMiBOf(quantity: string | number): number | undefined {
  const bytes = quantityValue(quantity);
  return bytes === undefined ? undefined : ceilUnits(bytes / 2 ** 20);
}
