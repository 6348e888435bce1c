// issue 27 item 1
/**
 * Seek-preview thumbnails: what the seek bar shows above the moment under the pointer, the
 * dragged thumb or the arrow keys. Lookups go through the engine (`Engine.thumbnail`, the stream's
 * thumbnail track or the source's storyboard) and are cached per engine: a tile found once answers
 * every later time it covers without asking the engine, and each image is fetched and decoded once
 * (an object URL, so the page's `img-src` needs only `blob:`). Nothing is fetched before the first
 * lookup, and nothing here waits on or delays a seek. Framework-free (core layer).
 *
 * Units: seconds; image sizes in pixels.
 */
import type { Engine } from './engine/engine.js';

/** One preview ready to draw: a tile of a decoded image. */
export interface S72Thumbnail {
  /** An object URL of the whole (sprite) image. */
  src: string;
  /** The tile's rectangle in the image, pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The whole image's size, pixels. */
  imageWidth: number;
  imageHeight: number;
  /** The moment the tile shows and how long it stands for, seconds. */
  startTime: number;
  duration: number;
}

/** Looks the preview of a moment up; null when there is none (no thumbnail track, a failed image). */
export type ThumbnailLookup = (time: number) => Promise<S72Thumbnail | null>;

/** Images kept per engine (decoded sprite sheets, each an object URL); the oldest go first. */
export const MAX_CACHED_IMAGES = 40;
/** Tiles remembered per engine (their rectangles and times only). */
const MAX_CACHED_TILES = 2000;

interface LoadedImage {
  src: string;
  width: number;
  height: number;
  /**
   * The decoded image, held while the sheet is cached: the preview draws the same URL as a CSS
   * background, which then paints from the loaded image at once. Without it the image could be
   * collected, and a sheet shown for the first time painted as an empty box until it loaded again.
   */
  image: HTMLImageElement;
}

export class ThumbnailCache {
  private owner: Engine | null = null;
  private tiles: S72Thumbnail[] = [];
  private images = new Map<string, Promise<LoadedImage | null>>();

  /** @param engine the engine playing now (null: none), read at each lookup. */
  constructor(private readonly engine: () => Engine | null) {}

  /** The lookup the UI is given. */
  readonly lookup: ThumbnailLookup = (time) => this.at(time);

  async at(time: number): Promise<S72Thumbnail | null> {
    const engine = this.engine();
    if (engine !== this.owner) this.reset(engine);
    if (!engine?.thumbnail || !engine.thumbnailImage || !Number.isFinite(time)) return null;
    const hit = this.tiles.find((tile) => time >= tile.startTime && time < tile.startTime + tile.duration);
    if (hit) return hit;
    const found = await engine.thumbnail(time);
    if (!found || engine !== this.owner) return null;
    let image = this.images.get(found.url);
    if (!image) {
      image = loadImage(engine, found.url);
      this.images.set(found.url, image);
      this.evictImages();
    }
    const loaded = await image;
    if (!loaded || engine !== this.owner) return null;
    const tile: S72Thumbnail = {
      src: loaded.src,
      x: found.x,
      y: found.y,
      width: found.width,
      height: found.height,
      imageWidth: loaded.width,
      imageHeight: loaded.height,
      startTime: found.startTime,
      duration: found.duration,
    };
    if (tile.duration > 0 && !this.tiles.some((t) => t.startTime === tile.startTime)) {
      this.tiles.push(tile);
      if (this.tiles.length > MAX_CACHED_TILES) this.tiles.shift();
    }
    return tile;
  }

  /** Forgets every tile and image (a new engine, or the player is gone). */
  reset(engine: Engine | null = null): void {
    this.owner = engine;
    this.tiles = [];
    const images = [...this.images.values()];
    this.images = new Map();
    for (const image of images) void image.then((loaded) => loaded && URL.revokeObjectURL(loaded.src));
  }

  private evictImages(): void {
    while (this.images.size > MAX_CACHED_IMAGES) {
      const [url, image] = this.images.entries().next().value as [string, Promise<LoadedImage | null>];
      this.images.delete(url);
      void image.then((loaded) => {
        if (!loaded) return;
        this.tiles = this.tiles.filter((tile) => tile.src !== loaded.src);
        URL.revokeObjectURL(loaded.src);
      });
    }
  }
}

/** Fetches (through the engine) and decodes one image; null when either fails. */
async function loadImage(engine: Engine, url: string): Promise<LoadedImage | null> {
  let src: string | null = null;
  try {
    const blob = await engine.thumbnailImage!(url);
    src = URL.createObjectURL(blob);
    const image = new Image();
    image.src = src;
    await image.decode();
    return { src, width: image.naturalWidth, height: image.naturalHeight, image };
  } catch {
    if (src) URL.revokeObjectURL(src);
    return null;
  }
}
