module @jit__shapes attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>, %arg1: tensor<i32>, %arg2: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result[0]"}, tensor<6x8xf32> {jax.result_info = "result[1]"}, tensor<9x9xf32> {jax.result_info = "result[2]"}, tensor<6x10xf32> {jax.result_info = "result[3]"}, tensor<6x8xf32> {jax.result_info = "result[4]"}, tensor<4x12xf32> {jax.result_info = "result[5]"}, tensor<3x3xf32> {jax.result_info = "result[6]"}, tensor<2x8xf32> {jax.result_info = "result[7]"}, tensor<6x8xf32> {jax.result_info = "result[8]"}, tensor<4xf32> {jax.result_info = "result[9]"}, tensor<6x8xf32> {jax.result_info = "result[10]"}, tensor<6x8xf32> {jax.result_info = "result[11]"}, tensor<6x8xf32> {jax.result_info = "result[12]"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_1 = stablehlo.constant dense<6> : tensor<i32>
    %2 = stablehlo.add %arg1, %c_1 : tensor<i32>
    %3 = stablehlo.select %1, %2, %arg1 : tensor<i1>, tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.compare LT, %0, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<8> : tensor<i32>
    %5 = stablehlo.add %0, %c_3 : tensor<i32>
    %6 = stablehlo.select %4, %5, %0 : tensor<i1>, tensor<i32>
    %7 = stablehlo.dynamic_slice %arg0, %3, %6, sizes = [2, 3] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.compare LT, %arg1, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<6> : tensor<i32>
    %9 = stablehlo.add %arg1, %c_5 : tensor<i32>
    %10 = stablehlo.select %8, %9, %arg1 : tensor<i1>, tensor<i32>
    %c_6 = stablehlo.constant dense<2> : tensor<i32>
    %11 = stablehlo.dynamic_update_slice %arg0, %arg2, %10, %c_6 : (tensor<6x8xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<6x8xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = call @_pad(%arg0, %cst) : (tensor<6x8xf32>, tensor<f32>) -> tensor<9x9xf32>
    %13 = stablehlo.slice %arg0 [0:6, 0:2] : (tensor<6x8xf32>) -> tensor<6x2xf32>
    %14 = stablehlo.concatenate %arg0, %13, dim = 1 : (tensor<6x8xf32>, tensor<6x2xf32>) -> tensor<6x10xf32>
    %15 = call @_flip(%arg0) : (tensor<6x8xf32>) -> tensor<6x8xf32>
    %16 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<6x8xf32>) -> tensor<8x6xf32>
    %17 = stablehlo.reshape %16 : (tensor<8x6xf32>) -> tensor<4x12xf32>
    %18 = stablehlo.slice %arg0 [0:6:2, 1:8:3] : (tensor<6x8xf32>) -> tensor<3x3xf32>
    %19 = stablehlo.slice %arg0 [0:1, 0:8] : (tensor<6x8xf32>) -> tensor<1x8xf32>
    %20 = stablehlo.reshape %19 : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x1x1x8xf32>
    %22 = stablehlo.reshape %21 : (tensor<2x1x1x8xf32>) -> tensor<2x8xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %24 = stablehlo.compare GT, %arg0, %23, FLOAT : (tensor<6x8xf32>, tensor<6x8xf32>) -> tensor<6x8xi1>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %26 = call @_where(%24, %arg0, %25) : (tensor<6x8xi1>, tensor<6x8xf32>, tensor<6x8xf32>) -> tensor<6x8xf32>
    %27 = stablehlo.abs %arg1 : tensor<i32>
    %c_9 = stablehlo.constant dense<4> : tensor<i32>
    %28 = call @remainder(%27, %c_9) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %29 = call @_one_hot(%28) : (tensor<i32>) -> tensor<4xf32>
    %30 = call @tril(%arg0) : (tensor<6x8xf32>) -> tensor<6x8xf32>
    %31 = call @_roll_static(%arg0) : (tensor<6x8xf32>) -> tensor<6x8xf32>
    %32 = stablehlo.reduce_precision %arg0, format = e4m3 : tensor<6x8xf32>
    return %7, %11, %12, %14, %15, %17, %18, %22, %26, %29, %30, %31, %32 : tensor<2x3xf32>, tensor<6x8xf32>, tensor<9x9xf32>, tensor<6x10xf32>, tensor<6x8xf32>, tensor<4x12xf32>, tensor<3x3xf32>, tensor<2x8xf32>, tensor<6x8xf32>, tensor<4xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>
  }
  func.func private @_pad(%arg0: tensor<6x8xf32>, %arg1: tensor<f32>) -> tensor<9x9xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [1, 0], high = [2, 1], interior = [0, 0] : (tensor<6x8xf32>, tensor<f32>) -> tensor<9x9xf32>
    return %1 : tensor<9x9xf32>
  }
  func.func private @_flip(%arg0: tensor<6x8xf32>) -> tensor<6x8xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0] : tensor<6x8xf32>
    return %0 : tensor<6x8xf32>
  }
  func.func private @_where(%arg0: tensor<6x8xi1>, %arg1: tensor<6x8xf32>, %arg2: tensor<6x8xf32>) -> tensor<6x8xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<6x8xi1>, tensor<6x8xf32>
    return %0 : tensor<6x8xf32>
  }
  func.func private @remainder(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_0(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.remainder %arg0, %2 : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.compare NE, %3, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.compare LT, %3, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.compare NE, %5, %6, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %8 = stablehlo.and %7, %4 : tensor<i1>
    %9 = stablehlo.add %3, %2 : tensor<i32>
    %10 = stablehlo.select %8, %9, %3 : tensor<i1>, tensor<i32>
    return %10 : tensor<i32>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_one_hot(%arg0: tensor<i32>) -> tensor<4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %1 = stablehlo.iota dim = 0 : tensor<4xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xi32>) -> tensor<4xi32>
    %3 = stablehlo.compare EQ, %2, %1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %4 = stablehlo.convert %3 : (tensor<4xi1>) -> tensor<4xf32>
    return %4 : tensor<4xf32>
  }
  func.func private @tril(%arg0: tensor<6x8xf32>) -> tensor<6x8xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<6x8xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x8xi32>
    %2 = stablehlo.add %0, %1 : tensor<6x8xi32>
    %3 = stablehlo.iota dim = 1 : tensor<6x8xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<6x8xi32>, tensor<6x8xi32>) -> tensor<6x8xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<6x8xi1>, tensor<6x8xf32>
    return %6 : tensor<6x8xf32>
  }
  func.func private @_roll_static(%arg0: tensor<6x8xf32>) -> tensor<6x8xf32> {
    %0 = stablehlo.slice %arg0 [0:6, 6:8] : (tensor<6x8xf32>) -> tensor<6x2xf32>
    %1 = stablehlo.slice %arg0 [0:6, 0:6] : (tensor<6x8xf32>) -> tensor<6x6xf32>
    %2 = stablehlo.concatenate %0, %1, dim = 1 : (tensor<6x2xf32>, tensor<6x6xf32>) -> tensor<6x8xf32>
    return %2 : tensor<6x8xf32>
  }
}
