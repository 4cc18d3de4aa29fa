/**
 * The seam between the site's components and an editing surface (the page editor). A surface
 * is given through `EditingContext`; without one (delivery, builds, preview) every piece here
 * renders exactly what it would have rendered anyway, so the site carries no editor code.
 */
import {
  createContext,
  useContext,
  useSyncExternalStore,
  type ComponentType,
  type ElementType,
  type ReactNode,
} from 'react';
import type { PageModel, WidgetModel } from './model';

/** Where a text field is shown: in a widget (by its block id) or in the page itself. */
export type FieldOwner = { kind: 'block'; id: string } | { kind: 'page' };

export interface EditableTextProps {
  owner: FieldOwner;
  /** The field's name ('Heading'). */
  name: string;
  value: string | null;
  as: ElementType;
  className?: string;
  /** Rich text (HTML) rather than plain text. */
  rich: boolean;
}

export interface ZoneSegmentProps {
  /** The zone's field name ('Main Zone'). */
  name: string;
  /** The index of the first widget of this segment within the zone. */
  start: number;
  widgets: WidgetModel[];
  /** Renders one widget as the site does. */
  render: (widget: WidgetModel) => ReactNode;
}

export interface EditingSurface {
  /** The newest model of a widget being edited (undefined: the one given is current). */
  widget(id: string): WidgetModel | undefined;
  /** Calls `listener` when that widget's model changes. */
  subscribe(id: string, listener: () => void): () => void;
  /** The frame around a rendered widget (its legend, selection, drag handle). */
  Block: ComponentType<{ widget: WidgetModel; children: ReactNode }>;
  /** A zone, or a segment of one, with its title and drop targets. */
  Zone: ComponentType<ZoneSegmentProps>;
  /** A text field shown where it stands, edited in place. */
  Text: ComponentType<EditableTextProps>;
}

export const EditingContext = createContext<EditingSurface | null>(null);

const noSubscription = () => () => {};

/**
 * A widget's fields as a component should show them: the editor's newest values while the page
 * is edited (a keystroke re-renders only that widget), the model given otherwise.
 */
export function useWidget(widget: WidgetModel): WidgetModel {
  const surface = useContext(EditingContext);
  return useSyncExternalStore(
    surface ? (listener) => surface.subscribe(widget.id, listener) : noSubscription,
    () => surface?.widget(widget.id) ?? widget,
    () => widget,
  );
}

export function useEditingSurface(): EditingSurface | null {
  return useContext(EditingContext);
}

/** The model a text field lives in: a widget or the page. */
export function ownerOf(model: WidgetModel | PageModel): FieldOwner {
  return 'templateName' in model ? { kind: 'block', id: model.id } : { kind: 'page' };
}
