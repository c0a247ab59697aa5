// Types of the Sightline JavaScript API (index.mjs). Lengths are in the
// scenario's units ("in", "cm" or "mm") where they go in; answers give
// lengths in inches, and again in the file's units under a key named after
// them ("cm": {...}) when those are not inches. Angles are degrees
// counter-clockwise from +x; x runs right, y up the table, z up.

/** A point of the table [x, y]. */
export type Point2 = [number, number];
/** A point of table space [x, y, z]; z is the height above the table. */
export type Point3 = [number, number, number];
/** One end of a measurement: a model (or, for range, piece) id, or a point. */
export type End = string | Point2 | Point3;
/** How a range is measured: centre to centre, base edge to edge, flight stand, or ground footprint. */
export type RangeMode = 'center' | 'edge' | 'stand' | 'ground';

/** A scenario document: see docs/scenario-format.md. */
export interface Scenario {
  sightline: 1;
  name?: string;
  units?: 'in' | 'cm' | 'mm';
  ruleset?: string;
  options?: Record<string, unknown>;
  table: { width: number; depth: number };
  terrain?: Piece[];
  models?: Model[];
  queries?: Query[];
}

/** A terrain piece: see docs/scenario-format.md, "terrain". */
export interface Piece {
  id: string;
  kind: string;
  [field: string]: unknown;
}

/** A model, as a scenario's "models" array holds it. */
export interface Model {
  id: string;
  class: 'infantry' | 'vehicle' | 'walker' | 'skimmer' | 'aircraft' | 'ship' | 'figure';
  position: Point2;
  side?: string;
  squad?: string;
  /** Degrees counter-clockwise from +x (90 looks up the table). */
  facing?: number;
  base?: { shape: 'circle'; diameter: number } | { shape: 'oval' | 'rect'; length: number; width: number };
  hull?: { length: number; width: number; height: number };
  altitude?: number;
  level?: number;
  garrison?: { building: string; wall?: string };
  figures?: Point2[];
}

/** The parts of a model placeModel changes; absent ones keep their value. */
export interface Placement {
  position?: Point2;
  facing?: number;
  altitude?: number;
  level?: number;
}

/** A query, as a scenario's "queries" array holds it; "id" defaults to the kind. */
export interface Query {
  id?: string;
  kind: string;
  [field: string]: unknown;
}

/** What every answer has. */
export interface Answer {
  id: string;
  kind: string;
  /** One plain sentence or paragraph with the numbers and what decided it. */
  explanation: string;
  /** The kind's fields; lengths again in the file's units under "cm" or "mm". */
  [field: string]: unknown;
}

export interface RangeAnswer extends Answer {
  /** Horizontal distance in the mode, inches. */
  distance: number;
  fromPoint: Point3;
  toPoint: Point3;
  mode: RangeMode;
  horizontal: number;
  vertical: number;
  distance3d: number;
}

export interface SightAnswer extends Answer {
  /** Whether any part of the target's volume is seen. */
  visible: boolean;
  /** The first blocker of the centre sightline when not visible, else null. */
  blockedBy: string | null;
  blockPoint: Point3 | null;
  /** A clear sightline, when visible. */
  witness?: [Point3, Point3];
  /** Occluders only touched, which do not block under the default policy. */
  grazing?: string[];
  /** For a garrisoned shooter: the wall whose window sees, and the window. */
  window?: string;
  windowPoint?: Point3;
}

export interface FractionAnswer extends Answer {
  /** The exact visible share of the target's silhouette, 0..1. */
  fraction: number;
  /** Each occluder's share of the silhouette on its own. */
  hiddenBy?: { id: string; fraction: number }[];
}

export interface ArcAnswer extends Answer {
  inArc: boolean;
  /** The arc the target is in (front, side, rear, or the game's arcs). */
  arcOf: string;
  /** Degrees counter-clockwise from the bow, in (-180, 180]. */
  bearing: number;
  /** Degrees clockwise from the bow, in [0, 360). */
  bearingClockwise: number;
}

/**
 * One target of Table.look: each field is the field of that name in the full
 * answer between the two models (sight, visibleFraction, range), byte for byte.
 */
export interface Look {
  /** The target's id. */
  to: string;
  /** SightAnswer.visible: whether any part of the target's volume is seen. */
  visible: boolean;
  /** SightAnswer.blockedBy: the first blocker of the centre sightline, or null. */
  blockedBy: string | null;
  /** FractionAnswer.fraction: the exact visible share of the target, 0..1. */
  fraction: number;
  /** RangeAnswer.distance in the mode asked (the ruleset's default when none), inches. */
  distance: number;
}

/** Options of Table.look. */
export interface LookOptions {
  /** The range mode of `distance`; default the ruleset's. */
  range?: RangeMode;
}

/** One rule decision of a verdict, with its clause. */
export interface Reason {
  clause: string;
  pass: boolean;
  text: string;
}

/** A shot or move verdict (generic or a game's). */
export interface VerdictAnswer extends Answer {
  legal: boolean;
  reasons?: Reason[];
  measures?: { name: string; value: number; unit: string }[] | null;
  modifiers?: { name: string; clause: string; value?: number; text?: string }[] | null;
}

/** A generic move verdict. */
export interface MoveAnswer extends VerdictAnswer {
  cost: number;
  violations: { kind: string; object?: string; at?: Point2; leg?: number; along?: number; detail?: string }[] | null;
  length: number;
  difficult?: boolean;
  turns?: unknown;
}

/** What answerAll returns: the JSON `sightline check --json` prints. */
export interface CheckResults {
  results: Answer[];
}

/** The Error every failing call throws. */
export interface SightlineError extends Error {
  /** The JSON path of the offending value ("query.to", "models[3].position"); "" for the whole document. */
  path?: string;
}

export interface LoadOptions {
  /** Where the module is: a URL or path, or its bytes. Default: dist/sightline.wasm beside index.mjs. */
  wasm?: string | URL | ArrayBuffer | ArrayBufferView;
}

/** Loads the engine once; every call afterwards is synchronous. */
export function load(options?: LoadOptions): Promise<Sightline>;

export class Sightline {
  /** The API's version. */
  readonly version: string;
  /** Opens a scenario (object or JSON text); the embedded default scenario when omitted. Throws on a bad document. */
  open(doc?: Scenario | string): Table;
  /** The embedded default scenario. */
  defaultScenario(): Scenario;
  /** The ruleset names this module answers. */
  rulesets(): string[];
}

/** One open scenario. Not shared between threads. */
export class Table {
  /** Every query of the scenario, answered as `sightline check --json` does. Throws when one cannot be answered. */
  answerAll(): CheckResults;
  /** One query object answered. */
  answer(query: Query | string): Answer;
  /** Range between two ends; `mode` defaults to the ruleset's. */
  range(from: End, to: End, mode?: RangeMode): RangeAnswer;
  /** Sight from a model or an eye point to a model (its volume) or a point (one sightline). */
  sight(from: End, to: End): SightAnswer;
  /** The visible fraction of model `to` from a model or an eye point. */
  visibleFraction(from: End, to: string): FractionAnswer;
  /** Which arc of model `from` holds `to`; with `arc`, whether that arc does. */
  arc(from: string, to: End, arc?: string): ArcAnswer;
  /**
   * Sight, visible fraction and range from model `from` to each model of `targets`, in one call
   * into the engine: the drag loop's question. Entries in the order of `targets`.
   * Errors: path "from", "targets[i]" (unknown model), "range" (unknown mode).
   */
  look(from: string, targets: readonly string[], options?: LookOptions): Look[];
  /** The ruleset's shot verdict; `fields` are the query's other fields (weapon, ...). */
  shot(shooter: string, target: string, fields?: Record<string, unknown>): VerdictAnswer;
  /** The ruleset's move verdict along `path` (at least 2 points). */
  move(model: string, path: Point2[], fields?: Record<string, unknown>): MoveAnswer | VerdictAnswer;
  /** Moves a model (its figures with it), turning it when `facing` is given. The battlefield is edited, not rebuilt. */
  moveModel(id: string, position: Point2, facing?: number): void;
  /** Turns a model to `facing` degrees. */
  rotateModel(id: string, facing: number): void;
  /** Changes position, facing, altitude or level of a model. */
  placeModel(id: string, placement: Placement): void;
  /** Adds a model. */
  addModel(model: Model): void;
  /** Removes a model; queries naming it can no longer be answered. */
  removeModel(id: string): void;
  /** The scenario with the edits so far, written in inches ("units": "in"). */
  scenario(): Scenario;
  /** Frees the table; later calls throw. */
  close(): void;
}
