import { useEffect, useRef } from 'react';
import { CELEBRATION } from '../../../domain/activation.ts';

const COLOURS = ['#2f6fed', '#f2b705', '#e4572e', '#17bebb', '#8e44ad', '#2ecc71'];

/**
 * The confetti over the trial success modal (foundation §9: 500 pieces for 10,000 ms; its 900 ms delay and the
 * reduced-motion rule are the trial machine's, which mounts this only while the celebration runs). A small canvas
 * loop: no confetti library is installed.
 */
export function Celebration() {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const width = (canvas.width = window.innerWidth);
    const height = (canvas.height = window.innerHeight);
    const pieces = Array.from({ length: CELEBRATION.pieces }, (_, i) => ({
      x: Math.random() * width,
      y: -Math.random() * height,
      vx: (Math.random() - 0.5) * 2,
      vy: 2 + Math.random() * 3,
      size: 5 + Math.random() * 6,
      spin: Math.random() * Math.PI,
      colour: COLOURS[i % COLOURS.length]!,
    }));
    let frame = 0;
    const start = performance.now();
    const draw = (now: number) => {
      const fade = Math.max(0, 1 - (now - start) / CELEBRATION.durationMs);
      context.clearRect(0, 0, width, height);
      context.globalAlpha = Math.min(1, fade * 3);
      for (const p of pieces) {
        p.x += p.vx;
        p.y += p.vy;
        p.spin += 0.1;
        if (p.y > height) p.y = -10;
        context.fillStyle = p.colour;
        context.save();
        context.translate(p.x, p.y);
        context.rotate(p.spin);
        context.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2);
        context.restore();
      }
      if (fade > 0) frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, []);
  return <canvas ref={ref} className="celebration" aria-hidden="true" data-testid="celebration" />;
}
