;; Veney's relational piece (2.0.23, "relational origin points"): it moves as if it stood
;; on its owner's Self's square — a king's step from there, to any square around the
;; Self. It finds the Self as the piece type named `self`. ABI version 1 (docs/plugins.md):
;; the view at 1024, the answers at 65536 (the second page).
(module
  (memory (export "memory") 2)
  (global $board (mut i32) (i32.const 0))
  (global $owner (mut i32) (i32.const 0))

  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param $len i32) (result i32) (i32.const 1024))

  (func $w (param $i i32) (result i32)
    (i32.load (i32.add (i32.const 1024) (i32.shl (local.get $i) (i32.const 2)))))
  (func $cell (param $c i32) (param $k i32) (result i32)
    (call $w (i32.add (global.get $board) (i32.add (i32.mul (local.get $c) (i32.const 5)) (local.get $k)))))

  (func $answer (param $kind i32) (param $c i32)
    (local $n i32) (local $at i32)
    (local.set $n (i32.load (i32.const 65536)))
    (local.set $at (i32.add (i32.const 65540) (i32.mul (local.get $n) (i32.const 20))))
    (i32.store (local.get $at) (local.get $kind))
    (i32.store offset=4 (local.get $at) (local.get $c))
    (i32.store offset=8 (local.get $at) (i32.const 0))
    (i32.store offset=12 (local.get $at) (i32.const 0))
    (i32.store offset=16 (local.get $at) (i32.const 0))
    (i32.store (i32.const 65536) (i32.add (local.get $n) (i32.const 1))))

  (func (export "tessel_moves") (param $len i32) (result i32)
    (local $cells i32) (local $dirs i32) (local $links i32) (local $names i32) (local $types i32)
    (local $self_type i32) (local $self i32) (local $c i32) (local $d i32) (local $t i32) (local $k i32)
    (i32.store (i32.const 65536) (i32.const 0))
    (local.set $cells (call $w (i32.const 1)))
    (local.set $dirs (call $w (i32.const 2)))
    (global.set $owner (call $w (i32.const 7)))
    (local.set $links (i32.add (i32.const 9) (call $w (i32.const 8))))
    (global.set $board (i32.add (local.get $links) (i32.mul (local.get $cells) (local.get $dirs))))
    (local.set $names (i32.add (global.get $board) (i32.mul (local.get $cells) (i32.const 5))))
    (local.set $types (i32.add (local.get $names) (i32.shl (local.get $dirs) (i32.const 1))))
    ;; The type named "self" (0x666c6573 is "self" read as a little-endian word).
    (local.set $self_type (i32.const -1))
    (block $found
      (loop $each_type
        (br_if $found (i32.ge_s (local.get $k) (call $w (local.get $types))))
        (if (i32.and
              (i32.eq (call $w (i32.add (local.get $types) (i32.add (i32.const 1) (i32.shl (local.get $k) (i32.const 1)))))
                      (i32.const 0x666c6573))
              (i32.eqz (call $w (i32.add (local.get $types) (i32.add (i32.const 2) (i32.shl (local.get $k) (i32.const 1)))))))
          (then (local.set $self_type (local.get $k)) (br $found)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $each_type)))
    ;; Its owner's Self on the board.
    (local.set $self (i32.const -1))
    (block $seen
      (loop $scan
        (br_if $seen (i32.ge_s (local.get $c) (local.get $cells)))
        (if (i32.and (i32.eq (call $cell (local.get $c) (i32.const 0)) (local.get $self_type))
                     (i32.eq (call $cell (local.get $c) (i32.const 1)) (global.get $owner)))
          (then (local.set $self (local.get $c)) (br $seen)))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $scan)))
    (if (i32.lt_s (local.get $self) (i32.const 0)) (then (return (i32.const 65536))))
    ;; One step from the Self along each direction.
    (block $done
      (loop $each_direction
        (br_if $done (i32.ge_s (local.get $d) (local.get $dirs)))
        (local.set $t (call $w (i32.add (local.get $links)
          (i32.add (i32.mul (local.get $self) (local.get $dirs)) (local.get $d)))))
        (if (i32.ge_s (local.get $t) (i32.const 0))
          (then
            (if (i32.lt_s (call $cell (local.get $t) (i32.const 0)) (i32.const 0))
              (then (call $answer (i32.const 1) (local.get $t)))
              (else
                (if (i32.ne (call $cell (local.get $t) (i32.const 1)) (global.get $owner))
                  (then (call $answer (i32.const 2) (local.get $t))))))))
        (local.set $d (i32.add (local.get $d) (i32.const 1)))
        (br $each_direction)))
    (i32.const 65536)))
