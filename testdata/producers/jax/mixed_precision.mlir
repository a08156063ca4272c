module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x32xbf16>, %arg1: tensor<32x16xbf16>, %arg2: tensor<8x32xf16>, %arg3: tensor<32x16xf16>) -> (tensor<8x16xf32> {jax.result_info = "result[0]"}, tensor<8x16xbf16> {jax.result_info = "result[1]"}, tensor<8x16xf32> {jax.result_info = "result[2]"}, tensor<8x16xf16> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xbf16>, tensor<32x16xbf16>) -> tensor<8x16xf32>
    %1 = stablehlo.multiply %0, %0 : tensor<8x16xf32>
    %2 = stablehlo.multiply %1, %0 : tensor<8x16xf32>
    %cst = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %4 = stablehlo.multiply %3, %2 : tensor<8x16xf32>
    %5 = stablehlo.add %0, %4 : tensor<8x16xf32>
    %cst_0 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<8x16xf32>
    %8 = stablehlo.tanh %7 : tensor<8x16xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %10 = stablehlo.add %9, %8 : tensor<8x16xf32>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %12 = stablehlo.multiply %11, %10 : tensor<8x16xf32>
    %13 = stablehlo.multiply %0, %12 : tensor<8x16xf32>
    %14 = stablehlo.convert %13 : (tensor<8x16xf32>) -> tensor<8x16xbf16>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%0 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %cst_4 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %18 = stablehlo.divide %16, %17 : tensor<8x1xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x16xf32>
    %20 = stablehlo.subtract %0, %19 : tensor<8x16xf32>
    %21 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x16xf32>
    %22 = stablehlo.subtract %0, %21 : tensor<8x16xf32>
    %23 = stablehlo.multiply %22, %22 : tensor<8x16xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.reduce(%23 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %cst_6 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %27 = stablehlo.divide %25, %26 : tensor<8x1xf32>
    %cst_7 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %29 = stablehlo.add %27, %28 : tensor<8x1xf32>
    %30 = stablehlo.rsqrt %29 : tensor<8x1xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x16xf32>
    %32 = stablehlo.multiply %20, %31 : tensor<8x16xf32>
    %33 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf16>, tensor<32x16xf16>) -> tensor<8x16xf16>
    return %0, %14, %32, %33 : tensor<8x16xf32>, tensor<8x16xbf16>, tensor<8x16xf32>, tensor<8x16xf16>
  }
}
