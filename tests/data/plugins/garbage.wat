;; Hostile: claims a hundred thousand answers.
(module
  (memory (export "memory") 1)
  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param i32) (result i32) (i32.const 1024))
  (func (export "tessel_moves") (param i32) (result i32)
    (i32.store (i32.const 0) (i32.const 100000))
    (i32.const 0)))
