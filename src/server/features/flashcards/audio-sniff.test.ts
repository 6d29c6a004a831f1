import { describe, expect, it } from "vitest";
import { m4a, mp3, ogg, wav } from "#tests/fixtures/audio/build-audio.ts";
import { sniffAudio } from "./audio-sniff.ts";

const text = (s: string) => new TextEncoder().encode(s);

describe("sniffing a card sound from its bytes", () => {
  it.each([
    ["an MP3 with an ID3 tag", mp3(), "audio/mpeg"],
    ["an MP3 of bare MPEG frames", mp3({ id3: false }), "audio/mpeg"],
    ["an Ogg stream", ogg(), "audio/ogg"],
    ["a WAV", wav(), "audio/wav"],
    ["an M4A", m4a(), "audio/mp4"],
    ["AAC in ADTS frames", new Uint8Array([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc, 0, 0]), "audio/aac"],
    ["a FLAC", new Uint8Array([...text("fLaC"), 0, 0, 0, 34]), "audio/flac"],
  ])("knows %s", (_what, bytes, type) => {
    expect(sniffAudio(bytes)?.type).toBe(type);
  });

  it("refuses what is not a sound, whatever it would be named", () => {
    // A PNG, a JPEG and a WebP (RIFF, but not WAVE), a script, an MP4 video brand, and near misses.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(sniffAudio(png)).toBeNull();
    expect(sniffAudio(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]))).toBeNull();
    expect(sniffAudio(text("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBeNull();
    expect(sniffAudio(text("<script>alert(1)</script>"))).toBeNull();
    const video = m4a();
    video.set(text("qt  "), 8);
    expect(sniffAudio(video)).toBeNull();
    expect(sniffAudio(text("ID3\u00ff\u0000\u0000\u0000\u0000\u0000\u0000"))).toBeNull();
    // An MPEG frame header with a reserved layer and a bad bitrate.
    expect(sniffAudio(new Uint8Array([0xff, 0xf9, 0x90, 0x64]))).toBeNull();
    expect(sniffAudio(new Uint8Array([0xff, 0xfb, 0xf0, 0x64]))).toBeNull();
    expect(sniffAudio(new Uint8Array(0))).toBeNull();
  });
});
