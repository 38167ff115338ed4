"""qemu_board.py: QEMU's lm3s6965evb as a handheld a test can play: boot a firmware, read its
semihosting transcript line by line, press its five buttons, and take its OLED's picture.

    with QemuBoard(elf, cpu="cortex-m3", icount=True, append="seed=7") as board:
        board.wait_for(r"^ready$")
        board.press("select")
        number, pixels = board.frame()    # `# frame N HASH`, checked against the screen
        write_png("frame.png", pixels)    # 128 x 64 greys, 0..15, row-major

Python 3.11, standard library only. Facts it relies on: "What QEMU's lm3s6965evb models" in ffi-c/handheld/README.md.
The board firmware (board/gamepad.c) handles QEMU's boot trap itself (a button's first press
only shows as its release), so no key needs pressing at start.
"""

import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import zlib

WIDTH, HEIGHT = 128, 64
SCALE = 4  # QEMU shows each OLED pixel as a 4 x 4 block
GREY_STEP = 17  # grey g is shown as RGB (17 g, 17 g, 17 g)
KEYS = {"up": "up", "down": "down", "left": "left", "right": "right", "select": "ctrl"}


class BoardError(Exception):
    """Something about the board or QEMU went wrong: the message says what, with context."""


def screen_hash(pixels):
    """FNV-1a (32 bits) over the picture packed as the firmware holds it: two pixels a byte,
    the left one in the high nibble, rows in order (draw/screen.c's screen_hash)."""
    value = 2166136261
    for i in range(0, len(pixels), 2):
        value = ((value ^ (pixels[i] << 4 | pixels[i + 1])) * 16777619) & 0xFFFFFFFF
    return value


def write_png(path, pixels, scale=SCALE):
    """The picture as an 8-bit greyscale PNG, each pixel a `scale` x `scale` block, grey g as
    17 g (what QEMU shows)."""
    raw = bytearray()
    for y in range(HEIGHT * scale):
        row = pixels[(y // scale) * WIDTH:(y // scale + 1) * WIDTH]
        raw.append(0)  # filter: none
        raw.extend(GREY_STEP * g for g in row for _ in range(scale))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", WIDTH * scale, HEIGHT * scale, 8, 0, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                  + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def read_png(path):
    """A picture write_png wrote: 128 x 64 greys (bytes, row-major), each block checked to
    be one grey. Only what write_png writes is read: 8-bit grey, no filter, no interlace."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise BoardError(f"{path}: not a PNG")
    position, compressed, header = 8, b"", None
    while position < len(data):
        (length,) = struct.unpack(">I", data[position:position + 4])
        kind = data[position + 4:position + 8]
        body = data[position + 8:position + 8 + length]
        (crc,) = struct.unpack(">I", data[position + 8 + length:position + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise BoardError(f"{path}: bad CRC in {kind}")
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
        position += 12 + length
    width, height = WIDTH * SCALE, HEIGHT * SCALE
    if header != (width, height, 8, 0, 0, 0, 0):
        raise BoardError(f"{path}: not a {width} x {height} 8-bit grey picture by write_png")
    raw = zlib.decompress(compressed)
    stride = width + 1
    if any(raw[y * stride] != 0 for y in range(height)):
        raise BoardError(f"{path}: a row uses a PNG filter; write_png writes none")
    big = bytes(b for y in range(height) for b in raw[y * stride + 1:(y + 1) * stride])
    return oled_greys(width, height, bytes(b for v in big for b in (v, v, v)))


def parse_ppm(data):
    """A binary PPM (P6, maxval 255) as (width, height, RGB bytes)."""
    fields, position = [], 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    position += 1  # the single whitespace after maxval
    if fields[0] != b"P6" or fields[3] != b"255":
        raise BoardError(f"screendump: not a P6 PPM with maxval 255: {fields}")
    width, height = int(fields[1]), int(fields[2])
    pixels = data[position:]
    if len(pixels) != width * height * 3:
        raise BoardError(f"screendump: {len(pixels)} bytes of pixels for {width} x {height}")
    return width, height, pixels


def oled_greys(width, height, rgb):
    """QEMU's 512 x 256 picture of the OLED back to 128 x 64 greys; every 4 x 4 block must be
    one grey 17 g, or the picture is not the OLED's."""
    if (width, height) != (WIDTH * SCALE, HEIGHT * SCALE):
        raise BoardError(f"screendump is {width} x {height}, not {WIDTH * SCALE} x {HEIGHT * SCALE}")
    greys = bytearray(WIDTH * HEIGHT)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            first = ((y * SCALE) * width + x * SCALE) * 3
            value = rgb[first]
            for dy in range(SCALE):
                start = ((y * SCALE + dy) * width + x * SCALE) * 3
                block = rgb[start:start + SCALE * 3]
                if block != bytes([value]) * (SCALE * 3):
                    raise BoardError(f"screendump: the block of pixel ({x}, {y}) is not one grey")
            if value % GREY_STEP:
                raise BoardError(f"screendump: pixel ({x}, {y}) is {value}, not a multiple of 17")
            greys[y * WIDTH + x] = value // GREY_STEP
    return bytes(greys)


class QemuBoard:
    """One QEMU running one firmware; a context manager that always leaves no QEMU behind."""

    def __init__(self, elf, cpu="cortex-m3", icount=False, append=None, timeout=20.0):
        self.elf, self.cpu, self.icount, self.append = elf, cpu, icount, append
        self.timeout = timeout
        self.directory = tempfile.mkdtemp(prefix="qemu_board.")
        self.transcript_path = os.path.join(self.directory, "semihosting.txt")
        self.socket_path = os.path.join(self.directory, "qmp.sock")
        self.stderr_path = os.path.join(self.directory, "stderr.txt")
        self.process = None
        self.qmp = None
        self._qmp_buffer = b""
        self._text = ""
        self._read_position = 0
        self.cursor = 0  # lines before it have been consumed by wait_for

    # -- life --------------------------------------------------------------------------

    def start(self):
        command = ["qemu-system-arm", "-M", "lm3s6965evb", "-cpu", self.cpu,
                   "-display", "none", "-serial", "null", "-monitor", "none",
                   "-qmp", f"unix:{self.socket_path},server=on,wait=off",
                   "-chardev", f"file,id=semihosting,path={self.transcript_path}",
                   "-semihosting-config", "enable=on,target=native,chardev=semihosting",
                   "-kernel", self.elf]
        if self.icount:
            command += ["-icount", "shift=0"]
        if self.append is not None:
            command += ["-append", self.append]
        self.command = command
        with open(self.stderr_path, "wb") as stderr:
            self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=stderr)
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                self.qmp = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.qmp.connect(self.socket_path)
                break
            except (FileNotFoundError, ConnectionRefusedError):
                self.qmp.close()
                self.qmp = None
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise BoardError(f"QMP socket never came up\n{self._context()}")
                time.sleep(0.01)
        self.qmp.settimeout(self.timeout)
        greeting = self._qmp_receive()
        if "QMP" not in greeting:
            raise BoardError(f"QMP greeting expected, got {greeting}")
        self.execute("qmp_capabilities")
        return self

    def close(self):
        """Asks QEMU to quit; kills it if it does not within a few seconds."""
        if self.process is None:
            return
        if self.process.poll() is None and self.qmp is not None:
            try:
                self.execute("quit")
            except (BoardError, OSError):
                pass
        if self.qmp is not None:
            self.qmp.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.directory, ignore_errors=True)
        self.process = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exception):
        self.close()

    def wait_exit(self, timeout=None):
        """QEMU's exit status (the firmware's board_exit status)."""
        try:
            return self.process.wait(timeout=timeout or self.timeout)
        except subprocess.TimeoutExpired:
            raise BoardError(f"QEMU did not exit within {timeout or self.timeout} s\n"
                             f"{self._context()}") from None

    def _exited_within(self, seconds):
        try:
            self.process.wait(timeout=seconds)
            return True
        except subprocess.TimeoutExpired:
            return False

    def cpu_seconds(self):
        """User and system CPU time QEMU has used so far (from /proc)."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    # -- QMP -------------------------------------------------------------------------------

    def _qmp_receive(self):
        while b"\n" not in self._qmp_buffer:
            try:
                data = self.qmp.recv(65536)
            except socket.timeout:
                raise BoardError(f"QMP: no answer within {self.timeout} s\n{self._context()}") from None
            if not data:
                raise BoardError(f"QMP: QEMU closed the connection\n{self._context()}")
            self._qmp_buffer += data
        line, self._qmp_buffer = self._qmp_buffer.split(b"\n", 1)
        return json.loads(line)

    def execute(self, command, **arguments):
        """Runs a QMP command and returns its "return" value; an "error" raises."""
        message = {"execute": command}
        if arguments:
            message["arguments"] = arguments
        self.qmp.sendall(json.dumps(message).encode() + b"\n")
        while True:
            answer = self._qmp_receive()
            if "return" in answer:
                return answer["return"]
            if "error" in answer:
                raise BoardError(f"QMP {command} {arguments}: {answer['error']}")
            # anything else is an asynchronous event: not ours

    def press(self, key):
        """Presses and releases a button (up, down, left, right, select): two explicit events,
        which work under -icount too (send-key's release waits on the guest's clock)."""
        if key not in KEYS:
            raise BoardError(f"unknown key {key!r}: keys are {', '.join(KEYS)}")
        for down in (True, False):
            try:
                self.execute("input-send-event", events=[{"type": "key", "data": {
                    "down": down, "key": {"type": "qcode", "data": KEYS[key]}}}])
            except OSError:
                # The press may end the run (board_exit) before QEMU answers.
                if self._exited_within(2.0):
                    return
                raise BoardError(f"QMP: lost QEMU pressing {key}\n{self._context()}") from None

    def screen(self):
        """The OLED as QEMU shows it now: 128 x 64 greys (bytes, row-major)."""
        path = os.path.join(self.directory, "screen.ppm")
        self.execute("screendump", filename=path)
        with open(path, "rb") as dump:
            return oled_greys(*parse_ppm(dump.read()))

    def frame(self, timeout=None):
        """Waits for the firmware's next `# frame N HASH` line (board_show) and takes the
        screen: (N, greys). Raises if QEMU shows another picture. Call it while that frame is
        still shown (the firmware waits for a key after it), not in the middle of a sequence
        of frames."""
        match = self.wait_for(r"^# frame (\d+) ([0-9a-f]{8})$", timeout)
        pixels = self.screen()
        if screen_hash(pixels) != int(match.group(2), 16):
            raise BoardError(f"frame {match.group(1)}: the firmware drew {match.group(2)}, QEMU "
                             f"shows {screen_hash(pixels):08x}")
        return int(match.group(1)), pixels

    # -- the transcript ----------------------------------------------------------------

    def lines(self):
        """Every complete transcript line so far."""
        with open(self.transcript_path, "rb") as transcript:
            transcript.seek(self._read_position)
            data = transcript.read()
        self._read_position += len(data)
        self._text += data.decode("utf-8", "replace")
        return self._text.split("\n")[:-1]

    def wait_for(self, pattern, timeout=None):
        """The first line after the cursor that matches `pattern` (a regex, searched), waiting
        for it; the cursor moves past it. Fails loudly on a timeout or an exit."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            lines = self.lines()
            for index in range(self.cursor, len(lines)):
                match = regex.search(lines[index])
                if match:
                    self.cursor = index + 1
                    return match
            if self.process.poll() is not None:
                raise BoardError(f"QEMU exited ({self.process.returncode}) before a line "
                                 f"matching {pattern!r}\n{self._context()}")
            if time.monotonic() > deadline:
                raise BoardError(f"no line matching {pattern!r} within "
                                 f"{timeout or self.timeout} s\n{self._context()}")
            time.sleep(0.005)

    def stderr(self):
        """What QEMU has written on its stderr (e.g. the OLED model's complaints about unknown
        commands)."""
        try:
            with open(self.stderr_path, errors="replace") as stderr:
                return stderr.read()
        except OSError:
            return ""

    def _context(self):
        lines = self.lines() if os.path.exists(self.transcript_path) else []
        errors = self.stderr()[-2000:]
        return ("command: " + " ".join(getattr(self, "command", [])) + "\n"
                + "last transcript lines:\n  " + "\n  ".join(lines[-15:])
                + "\nQEMU's stderr:\n" + errors)
