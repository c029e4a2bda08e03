// What Vite gives these tests beyond TypeScript's view of the files.
declare module "*.md?raw" {
  const text: string;
  export default text;
}

interface ImportMeta {
  url: string;
  glob(patterns: string | string[]): Record<string, () => Promise<unknown>>;
}
