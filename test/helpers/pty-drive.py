"""Runs a command in a pseudo-terminal and answers its prompts, like a person typing.

Usage: pty-drive.py CWD PROMPT1 ANSWER1 [PROMPT2 ANSWER2 ...] -- COMMAND ARGS...
Prints everything the command wrote, then exits with the command's exit code.
"""
import os
import pty
import select
import sys
import time

args = sys.argv[1:]
split = args.index('--')
cwd, pairs, command = args[0], args[1:split], args[split + 1:]
os.chdir(cwd)
pid, fd = pty.fork()
if pid == 0:
    os.execv(command[0], command)

seen = b''


def read_until(text, timeout=15.0):
    global seen
    deadline = time.time() + timeout
    while text.encode() not in seen:
        if time.time() > deadline:
            sys.stdout.write(seen.decode(errors='replace'))
            sys.stdout.write('\n[pty-drive] timed out waiting for %r\n' % text)
            os.kill(pid, 9)
            sys.exit(99)
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                break


for prompt, answer in zip(pairs[0::2], pairs[1::2]):
    read_until(prompt)
    os.write(fd, answer.encode() + b'\r')

while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
_, status = os.waitpid(pid, 0)
sys.stdout.write(seen.decode(errors='replace'))
sys.exit(os.waitstatus_to_exitcode(status))
