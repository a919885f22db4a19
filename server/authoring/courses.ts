/**
 * The authoring tool's courses as the stand-in keeps them (in memory: a stand-in, not the authoring tool) and the
 * conveyor that announces a finished import to its author's room (review-and-content §4 course import).
 */

export interface Course {
  id: string;
  ownerAid: string;
  title: string;
  /** importing until the conveyor finishes a template import; a new course is ready at once. */
  status: 'importing' | 'ready';
  /** The template content id an imported course came from. */
  sourceContentId: string | null;
  isAIConceptToCourse: boolean;
  type: string | null;
  createdAt: string;
}

export interface CourseStore {
  create(course: Omit<Course, 'id' | 'createdAt'>): Course;
  get(id: string): Course | undefined;
  /** Marks an import finished; returns the course, or undefined when it is gone. */
  finishImport(id: string): Course | undefined;
}

export function createCourseStore(options: { newId: () => string; now: () => Date }): CourseStore {
  const courses = new Map<string, Course>();
  return {
    create(course) {
      const created: Course = { ...course, id: options.newId(), createdAt: options.now().toISOString() };
      courses.set(created.id, created);
      return created;
    },
    get: (id) => courses.get(id),
    finishImport(id) {
      const course = courses.get(id);
      if (!course) return undefined;
      course.status = 'ready';
      return course;
    },
  };
}

/** What the conveyor needs of the socket namespace: who is in a room now, and sending there. */
export interface RoomSender {
  roomSize(room: string): number;
  emit(room: string, event: string, data: Record<string, unknown>): void;
}

/**
 * Announces finished imports to the author's room. An import that finishes while nobody is in the room (the wait page
 * is still loading) is kept and announced when the author joins, so the page never waits for an event already sent.
 */
export function createConveyor(event: string) {
  const pending = new Map<string, Set<string>>();
  let sender: RoomSender | null = null;
  const announce = (aid: string, courseId: string) => sender?.emit(aid, event, { courseId });
  return {
    attach(rooms: RoomSender) {
      sender = rooms;
    },
    finished(aid: string, courseId: string) {
      if (sender && sender.roomSize(aid) > 0) {
        announce(aid, courseId);
        return;
      }
      let set = pending.get(aid);
      if (!set) pending.set(aid, (set = new Set()));
      set.add(courseId);
    },
    joined(aid: string) {
      const set = pending.get(aid);
      if (!set) return;
      pending.delete(aid);
      for (const courseId of set) announce(aid, courseId);
    },
  };
}
export type Conveyor = ReturnType<typeof createConveyor>;
