/** The part of Eleventy's programmatic API the bench uses (the package ships no types for it). */
declare module '@11ty/eleventy' {
  export interface EleventyConfig {
    addGlobalData(name: string, data: unknown): EleventyConfig;
    addTemplate(virtualPath: string, content: unknown, data?: Record<string, unknown>): void;
  }

  export default class Eleventy {
    constructor(
      input: string,
      output: string,
      options?: {
        quietMode?: boolean;
        configPath?: string;
        config?: (config: EleventyConfig) => void | Promise<void>;
      },
    );
    write(): Promise<unknown>;
  }
}
