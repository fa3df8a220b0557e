/** Types for subset-font 2 (https://github.com/papandreou/subset-font), which ships none. */
declare module 'subset-font' {
  type Axis = number | { min: number; max: number; default?: number };
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
      preserveNameIds?: number[];
      noLayoutClosure?: boolean;
      variationAxes?: Record<string, Axis>;
    },
  ): Promise<Buffer>;
}
