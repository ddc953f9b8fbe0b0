/** Browser and system names read from a user agent, for the session history ('Chrome en Windows'). */
const BROWSERS: Array<[RegExp, string]> = [
  [/EdgA?\/|Edge\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/FxiOS\/|Firefox\//, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
  [
    /Version\/[\d.]+.*Safari\/|Mobile\/\w+ Safari|^Mozilla\/5\.0 \((?:iPhone|iPad|Macintosh)[^)]*\) AppleWebKit/,
    'Safari',
  ],
  [/MSIE |Trident\//, 'Internet Explorer'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Dispositivo desconocido';

export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
